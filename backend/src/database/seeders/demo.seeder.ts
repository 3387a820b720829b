import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { createReadStream, existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  QUESTIONNAIRES,
  scoreQuestionnaire,
  STORAGE_LIMITS,
  UPLOAD_PATHS,
  VIDEO_UPLOAD_STATES,
  isBuiltInSessionType,
  transcriptText,
  type TranscriptSegment,
} from '@consulta/shared';
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { Appointment } from '../../agenda/entities/appointment.entity';
import { User } from '../../auth/entities/user.entity';
import { Consent } from '../../consents/entities/consent.entity';
import { SessionDraft } from '../../drafts/entities/session-draft.entity';
import { Exercise } from '../../exercises/entities/exercise.entity';
import { ExerciseCompletion, ModuleExercise, PatientExercise, PatientModule } from '../../exercises/entities/links.entity';
import { TherapyModule } from '../../exercises/entities/therapy-module.entity';
import type { Passwords } from '../../auth/passwords';
import type { Patient } from '../../patients/entities/patient.entity';
import { createPatientWithAccount } from '../../patients/patient-account';
import { SessionType } from '../../session-types/entities/session-type.entity';
import { Session } from '../../sessions/entities/session.entity';
import type { StorageDriver } from '../../storage/drivers/storage-driver';
import { StoredFile } from '../../storage/entities/stored-file.entity';
import { newKey } from '../../storage/file-keys';
import { QuestionnaireAssignment } from '../../questionnaires/entities/questionnaire-assignment.entity';
import { QuestionnaireResult } from '../../questionnaires/entities/questionnaire-result.entity';
import { TherapistProfile } from '../../therapists/entities/therapist-profile.entity';
import { voicesOf } from '../../transcription/transcript-stitch';
import { demoAgenda } from './demo-agenda';
import {
  DEMO_CONSENTS,
  DEMO_EMAIL_DOMAIN,
  DEMO_PASSWORD,
  DEMO_PATIENTS,
  DEMO_SESSION_TYPES,
  DEMO_THERAPIST,
  DEMO_THERAPIST_PROFILE,
} from './demo-data';
import { DEMO_ASSIGNMENTS, DEMO_EXERCISES, DEMO_MODULES } from './demo-exercises';
import { textPdf } from './demo-pdf';
import { DEMO_QUESTIONNAIRES } from './demo-questionnaires';
import { DEMO_HISTORIES, type DemoHistory } from './demo-sessions';

const DEMO_VIDEO = 'sesion-demo.mp4';
/** The demo practice is in Madrid (its profile keeps the default zone). */
const DEMO_TIME_ZONE = 'Europe/Madrid';

/** The seeding day at `hour`, `days` before (negative: after). */
function dayAt(days: number, hour: number): Date {
  const date = new Date();
  date.setDate(date.getDate() - days);
  date.setHours(hour, 0, 0, 0);
  return date;
}

/** The demo video, wherever the app runs from (the repository or an image that copied backend/assets), or null. */
function demoVideo(): string | null {
  const candidates = [path.resolve(__dirname, '../../../../../assets/demo', DEMO_VIDEO), path.resolve('backend/assets/demo', DEMO_VIDEO)];
  return candidates.find((file) => existsSync(file)) ?? null;
}

/** Seeds the demo practice once: skipped as soon as any therapist exists. `storage` receives the demo video. */
export class DemoSeeder extends Seeder {
  seeded = false;
  private readonly videos: { session: Session; patient: Patient }[] = [];
  private readonly draftVideos: { draft: SessionDraft; patient: Patient; transcript: boolean }[] = [];

  constructor(
    private readonly passwords: Passwords,
    private readonly storage?: StorageDriver,
  ) {
    super();
  }

  async run(em: EntityManager): Promise<void> {
    if ((await em.count(User, { role: 'terapeuta' })) > 0) return;
    const therapist = em.create(User, { email: DEMO_THERAPIST.email, name: DEMO_THERAPIST.name, role: 'terapeuta' });
    em.create(TherapistProfile, { user: therapist, ...DEMO_THERAPIST_PROFILE });
    const types = new Map(DEMO_SESSION_TYPES.map((type) => [type.nombre, em.create(SessionType, { therapist, ...type })]));
    const passwordHash = await this.passwords.hash(DEMO_PASSWORD);
    const patients = new Map<string, Patient>();
    for (const { email, ...record } of DEMO_PATIENTS) {
      const patient = createPatientWithAccount(em, { therapist, email, passwordHash, mustChangePassword: false, record });
      patients.set(email, patient);
      const kinds = [...(DEMO_CONSENTS[email] ?? []), ...(record.whatsappMensajeriaConsentimiento ? (['whatsapp'] as const) : [])];
      const otorgadoEn = new Date(`${record.fechaIngreso}T10:00:00Z`);
      for (const tipo of kinds)
        em.create(Consent, { patient, tipo, forma: 'escrito', otorgadoEn, otorgadoPor: 'terapeuta', otorgadoPorUsuario: therapist });
    }
    for (const history of DEMO_HISTORIES) this.history(em, history, patients.get(history.email)!, therapist, types);
    this.agenda(em, therapist, patients);
    this.questionnaires(em, therapist, patients);
    await this.exercises(em, therapist, patients);
    await em.flush();
    for (const { session, patient } of this.videos) await this.attachVideo(em, session, patient, therapist);
    for (const { draft, patient, transcript } of this.draftVideos) await this.attachDraftVideo(em, draft, patient, therapist, transcript);
    await em.flush();
    this.seeded = true;
  }

  /** Stores the demo video as the session's, as an upload through the app would. */
  private async attachVideo(em: EntityManager, session: Session, patient: Patient, therapist: User): Promise<void> {
    const stored = await this.storeVideo(em, patient, therapist);
    if (!stored) return;
    session.videoUrl = stored.key;
    // What the transcription made of this video: the transcript by speaker.
    session.transcripcion = transcriptText(stored.transcript);
    session.transcripcionSegmentos = stored.transcript;
    session.numVoces = voicesOf(stored.transcript);
  }

  /** A draft's own copy of the demo video (and, when `withTranscript`, what a finished transcription left). */
  private async attachDraftVideo(em: EntityManager, draft: SessionDraft, patient: Patient, therapist: User, withTranscript: boolean) {
    const stored = await this.storeVideo(em, patient, therapist);
    if (!stored) return;
    draft.archivoVideoInfo = {
      file_key: stored.key,
      video_url: stored.key,
      estado_upload: VIDEO_UPLOAD_STATES.done,
      upload_progress: 100,
      ...(withTranscript ? { transcript: stored.transcript, script_text: transcriptText(stored.transcript) } : {}),
    };
    if (withTranscript) draft.numVoces = voicesOf(stored.transcript);
  }

  /** Stores the demo video for `patient` as an upload through the app would; null without the file or a store. */
  private async storeVideo(em: EntityManager, patient: Patient, therapist: User) {
    const file = demoVideo();
    if (!file || !this.storage) return null;
    const key = newKey(therapist.id, UPLOAD_PATHS.sessionVideo(patient.id).split('/'), DEMO_VIDEO);
    const size = await this.storage.putStream(key, createReadStream(file), 'video/mp4', STORAGE_LIMITS.videoMaxBytes);
    em.create(StoredFile, { key, therapist, kind: 'video', fileName: DEMO_VIDEO, contentType: 'video/mp4', declaredSize: size });
    const transcript = JSON.parse(await readFile(file.replace(/\.mp4$/, '.transcript.json'), 'utf8')) as TranscriptSegment[];
    return { key, transcript };
  }

  /** The exercise bank, its modules, assignments and completions; the worksheets are stored as uploads. */
  private async exercises(em: EntityManager, therapist: User, patients: Map<string, Patient>): Promise<void> {
    const exercises = new Map<string, Exercise>();
    for (const { ficha, creadoHaceDias, ...fields } of DEMO_EXERCISES) {
      const created = dayAt(creadoHaceDias, 9);
      const exercise = em.create(Exercise, { ...fields, therapist, fechaCreacion: created, fechaActualizacion: created });
      if (ficha && this.storage) {
        const key = newKey(therapist.id, [UPLOAD_PATHS.exerciseFiles], ficha.nombre);
        const size = await this.storage.putStream(
          key,
          Readable.from(textPdf(ficha.lineas)),
          'application/pdf',
          STORAGE_LIMITS.exerciseFileMaxBytes,
        );
        em.create(StoredFile, {
          key,
          therapist,
          kind: 'exercise',
          fileName: ficha.nombre,
          contentType: 'application/pdf',
          declaredSize: size,
        });
        exercise.archivos = [key];
      }
      exercises.set(exercise.titulo, exercise);
    }
    const modules = new Map<string, TherapyModule>();
    for (const { ejercicios, ...fields } of DEMO_MODULES) {
      const module = em.create(TherapyModule, { ...fields, therapist });
      ejercicios.forEach((titulo, i) => em.create(ModuleExercise, { module, exercise: exercises.get(titulo)!, orden: i + 1 }));
      modules.set(module.titulo, module);
    }
    for (const assignment of DEMO_ASSIGNMENTS) {
      const patient = patients.get(assignment.email)!;
      for (const m of assignment.modulos)
        em.create(PatientModule, { patient, module: modules.get(m.titulo)!, asignadoEn: dayAt(m.haceDias, 18) });
      for (const e of assignment.ejercicios)
        em.create(PatientExercise, { patient, exercise: exercises.get(e.titulo)!, asignadoEn: dayAt(e.haceDias, 18) });
      for (const c of assignment.completados) {
        em.create(ExerciseCompletion, {
          patient,
          exercise: exercises.get(c.titulo)!,
          completadoEn: dayAt(c.haceDias, 21),
          notasPaciente: c.notas ?? null,
        });
      }
    }
  }

  /** A week of appointments in every state, and a weekly series (demo-agenda.ts), in the practice's zone. */
  private agenda(em: EntityManager, therapist: User, patients: Map<string, Patient>): void {
    const now = new Date();
    const series = new Map<string, string>();
    for (const { email, serie, canceladaPor, motivoCancelacion, notas, ...appointment } of demoAgenda(
      DEMO_EMAIL_DOMAIN,
      DEMO_TIME_ZONE,
      now,
    )) {
      if (serie && !series.has(serie)) series.set(serie, randomUUID());
      em.create(Appointment, {
        ...appointment,
        therapist,
        patient: patients.get(email)!,
        fin: new Date(appointment.inicio.getTime() + appointment.duracionMinutos * 60_000),
        serieId: serie ? series.get(serie)! : null,
        notas: notas ?? null,
        canceladaPor: canceladaPor ?? null,
        motivoCancelacion: motivoCancelacion ?? null,
        canceladaEn: canceladaPor ? now : null,
        confirmadaEn: appointment.estado === 'confirmada' ? now : null,
      });
    }
  }

  /** Assignments and scored answers (demo-questionnaires.ts); due days are the practice zone's calendar days. */
  private questionnaires(em: EntityManager, therapist: User, patients: Map<string, Patient>): void {
    const day = (days: number) => DateTime.now().setZone(DEMO_TIME_ZONE).plus({ days }).toISODate()!;
    for (const q of DEMO_QUESTIONNAIRES) {
      const patient = patients.get(`${q.who}@${DEMO_EMAIL_DOMAIN}`)!;
      const assignment = em.create(QuestionnaireAssignment, {
        therapist,
        patient,
        codigo: q.codigo,
        frecuenciaDias: q.frecuenciaDias,
        proximaFecha: q.proximaEnDias === null ? null : day(q.proximaEnDias),
        creadaEn: dayAt(q.asignadoHaceDias, 9),
      });
      for (const a of q.answers) {
        const fecha = dayAt(a.haceDias, 20);
        em.create(QuestionnaireResult, {
          assignment,
          patient,
          codigo: q.codigo,
          fecha,
          respuestas: a.respuestas,
          ...scoreQuestionnaire(QUESTIONNAIRES[q.codigo], a.respuestas),
          revisadaEn: a.revisada ? new Date(fecha.getTime() + 3_600_000) : null,
        });
      }
    }
  }

  private history(em: EntityManager, history: DemoHistory, patient: Patient, therapist: User, types: Map<string, SessionType>): void {
    const type = (tipo: string) =>
      isBuiltInSessionType(tipo) ? { tipoSesion: tipo, tipoSesionRef: null } : { tipoSesion: null, tipoSesionRef: types.get(tipo)! };
    history.sessions.forEach((s, index) => {
      const { daysAgo, hour, tipo, duracionMinutos, video, publicado, ...content } = s;
      const session = em.create(Session, {
        ...content,
        ...type(tipo),
        analisisIaPacientePublicado: Boolean(content.analisisIaPaciente) && publicado !== false,
        patient,
        therapist,
        numeroSesion: index + 1,
        fecha: dayAt(daysAgo, hour),
        duracionMinutos,
      });
      if (video) this.videos.push({ session, patient });
    });
    for (const d of history.drafts ?? []) {
      const { daysAgo, savedHoursAgo, tipo, video, transcript, ...content } = d;
      const draft = em.create(SessionDraft, {
        ...content,
        ...type(tipo),
        patient,
        therapist,
        fecha: dayAt(daysAgo, 17),
        updatedAt: new Date(Date.now() - savedHoursAgo * 3600_000),
      });
      if (video) this.draftVideos.push({ draft, patient, transcript: Boolean(transcript) });
    }
  }
}
