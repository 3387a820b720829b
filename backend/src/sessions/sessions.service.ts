import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import { MSG, UPLOAD_PATHS, fillMessage, type DownloadUrlAnswer } from '@consulta/shared';
import { User } from '../auth/entities/user.entity';
import { problem } from '../common/errors/error.dto';
import { ConsentGate } from '../consents/consent-gate.service';
import { SessionDraft } from '../drafts/entities/session-draft.entity';
import { Patient } from '../patients/entities/patient.entity';
import { PatientAccess } from '../access/patient-access.service';
import { SessionType } from '../session-types/entities/session-type.entity';
import type { CreateSessionDto, SessionDto, SessionSummaryDto, UpdateSessionDto } from './dto/session.dto';
import { Session } from './entities/session.entity';
import { contentValues, type ContentValues } from './session-content';
import { sessionRuleError, textOrNull } from './session-rules';
import { SessionTypeChoice, type TypeChoice } from './session-type-choice';
import { SessionsQuery } from './sessions.query';
import { assertTurnsWithinDuration, editedTranscript, newTranscript } from './session-transcript';
import { execute, type Execute } from '../common/sql/execute';
import { draftState, notFreeToSave } from '../drafts/draft-job-start';
import { claimDraftForSave, completeDraft, releaseDraftFromSave } from '../drafts/draft-writes';
import { StoredFiles } from '../storage/stored-files.service';
import { refreshSessionIndex } from '../search/search-index-writes';
import { markRecorded, recordableAppointment } from '../agenda/appointment-writes';
import { isUuid } from '../common/validation/uuid';

/** Creations racing for the next number retry this often (each round at least one of them wins). */
const NUMBER_ATTEMPTS = 12;

/** Entity properties of the content fields (the API names are the columns' names). */
const PROPERTY: Record<keyof ContentValues, keyof Session> = {
  fecha: 'fecha',
  duracion_minutos: 'duracionMinutos',
  num_voces: 'numVoces',
  notas: 'notas',
  temas_importantes: 'temasImportantes',
  intencion: 'intencion',
  tipo_medicina: 'tipoMedicina',
  cantidad: 'cantidad',
  observaciones: 'observaciones',
  campos_datos: 'camposDatos',
  analisis_ia_paciente: 'analisisIaPaciente',
};

/** A therapist's sessions. Every method starts with the access check; answers are SessionDto rows. */
@Injectable()
export class SessionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: PatientAccess,
    private readonly types: SessionTypeChoice,
    private readonly query: SessionsQuery,
    private readonly files: StoredFiles,
    private readonly consents: ConsentGate,
  ) {}

  async list(user: User, patientId: string): Promise<SessionSummaryDto[]> {
    return this.query.listByPatient(await this.access.patientScope(user, patientId));
  }

  async get(user: User, id: string): Promise<SessionDto> {
    const session = await this.find(user, id);
    return this.query.one(session.id);
  }

  /**
   * Numbered highest + 1 unless given. With `draft_id`, the draft is `guardando` meanwhile and becomes `completado`
   * in the same transaction (draft-writes.ts: it keeps no content, leaves the list, and is deleted a day later).
   */
  async create(user: User, dto: CreateSessionDto): Promise<SessionDto> {
    const patient = await this.access.patient(user, dto.paciente_id);
    assertCaller(user, dto.terapeuta_id);
    const draft = dto.draft_id ? await this.draftOf(user, patient, dto.draft_id) : null;
    const citaId = await this.appointmentOf(patient.id, dto.cita_id ?? draft?.appointment?.id ?? null);
    const videoUrl = dto.video_url
      ? await this.files.attachable(user, dto.video_url, 'video', UPLOAD_PATHS.sessionVideo(patient.id))
      : null;
    // The draft's own video moves with it; any other is a new recording, which needs the patient's consent.
    if (videoUrl && videoUrl !== draft?.archivoVideoInfo.file_key) await this.consents.require(patient.id, 'grabacion');
    const choice = (await this.types.read(user, dto)) ?? { tipoSesion: null, type: null };
    const values = { num_voces: 2, fecha: new Date(), ...withoutNull(contentValues(dto), ['fecha', 'num_voces']) };
    this.checkRules(choice, values, {});
    const transcript = newTranscript(dto, draft?.archivoVideoInfo.transcript);
    assertTurnsWithinDuration(transcript.segmentos, dto.duracion_minutos ?? null);
    // The draft shows 'Guardando sesión...' while the session is written; it goes back as it was if that fails.
    const before = draft ? await claimDraftForSave(this.execute, draft.id) : null;
    if (draft && !before) {
      const estado = await draftState(this.execute, draft.id);
      throw estado ? notFreeToSave(estado) : new NotFoundException(problem(MSG.drafts.notFound, 'NOT_FOUND'));
    }
    const id = await this.insertNumbered(patient.id, dto.numero_sesion ?? null, draft?.id ?? null, citaId, (tx, numero) =>
      tx.create(Session, {
        ...toProperties(values),
        patient: tx.getReference(Patient, patient.id),
        therapist: tx.getReference(User, user.id),
        numeroSesion: numero,
        tipoSesion: choice.tipoSesion,
        tipoSesionRef: choice.type ? tx.getReference(SessionType, choice.type.id) : null,
        videoUrl,
        transcripcion: transcript.transcripcion,
        transcripcionSegmentos: transcript.segmentos,
        analisisIa: textOrNull(dto.analisis_ia),
        // Saved from the form, the patient version is one the therapist has read (and may have edited).
        analisisIaPacientePublicado: Boolean(values.analisis_ia_paciente),
      } as never),
    ).catch(async (error: unknown) => {
      if (draft && before) await releaseDraftFromSave(this.execute, draft.id, before);
      throw error;
    });
    await refreshSessionIndex(this.em, id);
    // The draft's video, unless the session took it, is no longer anyone's.
    if (draft) await this.files.release([draft.archivoVideoInfo.file_key]);
    return this.query.one(id);
  }

  /** PUT and PATCH: only the fields sent change, and the merged session must still follow the rules. */
  async update(user: User, id: string, dto: UpdateSessionDto): Promise<SessionDto> {
    const session = await this.find(user, id);
    const touchesAnalysis = [dto.analisis_ia, dto.analisis_ia_paciente, dto.analisis_ia_paciente_publicado].some((v) => v !== undefined);
    if (touchesAnalysis && session.analisisEstado === 'generando') {
      throw new ConflictException(problem(MSG.ai.sessionAnalysisRunning, 'JOB_RUNNING'));
    }
    if (dto.paciente_id !== undefined && dto.paciente_id !== session.patient.id) {
      throw new BadRequestException(problem(MSG.sessions.patientChange, 'VALIDATION'));
    }
    assertCaller(user, dto.terapeuta_id);
    const current: TypeChoice = { tipoSesion: session.tipoSesion, type: session.tipoSesionRef };
    const choice = (await this.types.read(user, dto, current)) ?? current;
    const values = withoutNull(contentValues(dto), ['fecha', 'num_voces']);
    const typeChanged = choice.type?.id !== current.type?.id || choice.tipoSesion !== current.tipoSesion;
    if (typeChanged && values.campos_datos === undefined) values.campos_datos = {};
    this.checkRules(choice, values, session);
    this.em.assign(session, { ...toProperties(values), tipoSesion: choice.tipoSesion, tipoSesionRef: choice.type } as never);
    if (dto.numero_sesion !== undefined && dto.numero_sesion !== null) session.numeroSesion = dto.numero_sesion;
    const transcript = editedTranscript(dto, { transcripcion: session.transcripcion, segmentos: session.transcripcionSegmentos });
    if (transcript) {
      session.transcripcion = transcript.transcripcion;
      session.transcripcionSegmentos = transcript.segmentos;
    }
    if (transcript || values.duracion_minutos !== undefined)
      assertTurnsWithinDuration(session.transcripcionSegmentos, session.duracionMinutos);
    if (dto.analisis_ia !== undefined) session.analisisIa = textOrNull(dto.analisis_ia);
    this.applyPublication(session, dto.analisis_ia_paciente_publicado);
    const previousVideo = session.videoUrl;
    if (dto.video_url !== undefined && dto.video_url !== previousVideo) {
      session.videoUrl = dto.video_url
        ? await this.files.attachable(user, dto.video_url, 'video', UPLOAD_PATHS.sessionVideo(session.patient.id))
        : null;
      if (session.videoUrl) await this.consents.require(session.patient.id, 'grabacion');
    }
    try {
      await this.em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw numberTaken(session.numeroSesion);
      throw error;
    }
    await refreshSessionIndex(this.em, session.id);
    if (previousVideo !== session.videoUrl) await this.files.release([previousVideo]);
    return this.query.one(session.id);
  }

  /** Deletes the session and everything that belongs to it; answers the deleted session. */
  async remove(user: User, id: string): Promise<SessionDto> {
    const session = await this.find(user, id);
    const answer = await this.query.one(session.id);
    await this.em.remove(session).flush();
    await this.files.release([session.videoUrl]);
    return answer;
  }

  /** A signed download of the session's video: the therapist's, or the patient's own session. */
  async downloadVideo(user: User, id: string): Promise<DownloadUrlAnswer> {
    const session = await this.access.owned(user, Session, id, { notFound: MSG.sessions.notFound });
    if (!session.videoUrl) throw new NotFoundException(problem(MSG.storage.noVideo, 'NOT_FOUND'));
    return this.files.download(session.videoUrl);
  }

  private readonly execute: Execute = (sql, params) => execute(this.em, sql, params);

  /** Publishes or withdraws the patient version; a cleared version is never published. */
  private applyPublication(session: Session, publish: boolean | null | undefined): void {
    if (publish === true && !session.analisisIaPaciente) throw new BadRequestException(problem(MSG.ai.noPatientVersion, 'VALIDATION'));
    if (typeof publish === 'boolean') session.analisisIaPacientePublicado = publish;
    if (!session.analisisIaPaciente) session.analisisIaPacientePublicado = false;
  }

  private find(user: User, id: string): Promise<Session> {
    return this.access.owned(user, Session, id, { notFound: MSG.sessions.notFound, populate: ['tipoSesionRef'] });
  }

  /** The appointment (of this patient, not cancelled, without a session yet) the session records, or none. */
  private async appointmentOf(patientId: string, citaId: string | null): Promise<string | null> {
    if (!citaId) return null;
    const found = isUuid(citaId) ? await recordableAppointment(this.execute, citaId, patientId) : null;
    if (!found) throw new NotFoundException(problem(MSG.agenda.notFound, 'NOT_FOUND'));
    if (found.estado === 'cancelada') throw new ConflictException(problem(MSG.agenda.cancelled, 'CONFLICT'));
    if (found.sesion_id) throw new ConflictException(problem(MSG.agenda.sessionLinked, 'CONFLICT'));
    return citaId;
  }

  private async draftOf(user: User, patient: Patient, draftId: string): Promise<SessionDraft> {
    const draft = await this.access.owned(user, SessionDraft, draftId, { notFound: MSG.drafts.notFound, invalidId: MSG.drafts.invalidId });
    if (draft.patient.id !== patient.id) throw new NotFoundException(problem(MSG.drafts.notFound, 'NOT_FOUND'));
    return draft;
  }

  /** The session form's rules (per session type) on the session as it will be saved: what is sent, else what it has. */
  private checkRules(choice: TypeChoice, values: ContentValues, current: Partial<Session>): void {
    const pick = <T>(field: keyof ContentValues): T => (field in values ? values[field] : current[PROPERTY[field]]) as T;
    const error = sessionRuleError({
      tipoSesion: choice.tipoSesion,
      campos: choice.type ? choice.type.campos : null,
      notas: pick('notas'),
      intencion: pick('intencion'),
      tipoMedicina: pick('tipo_medicina'),
      camposDatos: pick('campos_datos') ?? {},
    });
    if (error) throw new BadRequestException(problem(error, 'VALIDATION'));
  }

  /**
   * Inserts in a transaction of its own, numbered highest + 1 when no number is given. Two creations for one
   * patient may read the same highest number: the unique (patient, number) constraint refuses the second, which
   * retries with a fresh read. A given number that is taken is a 409.
   */
  private async insertNumbered(
    patientId: string,
    numero: number | null,
    draftId: string | null,
    citaId: string | null,
    build: (tx: EntityManager, numero: number) => Session,
  ): Promise<string> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.em.fork().transactional(async (tx) => {
          const session = build(tx, numero ?? (await this.query.nextNumber(patientId, tx)));
          await tx.flush();
          // The draft becomes `completado` with it (deleted in another tab meanwhile: nothing is saved). Written
          // last, so the draft's row is locked only for the commit: its state stays readable meanwhile.
          if (draftId && !(await completeDraft(txExecute(tx), draftId))) {
            throw new NotFoundException(problem(MSG.drafts.notFound, 'NOT_FOUND'));
          }
          if (citaId && !(await markRecorded(txExecute(tx), citaId, session.id))) {
            throw new ConflictException(problem(MSG.agenda.sessionLinked, 'CONFLICT'));
          }
          return session.id;
        });
      } catch (error) {
        if (!(error instanceof UniqueConstraintViolationException)) throw error;
        if (numero !== null || attempt >= NUMBER_ATTEMPTS) throw numberTaken(numero);
        await new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 10 * attempt));
      }
    }
  }
}

/** Statements inside the transaction `tx`. */
const txExecute =
  (tx: EntityManager): Execute =>
  (sql, params) =>
    execute(tx, sql, params);

const numberTaken = (numero: number | null) =>
  new ConflictException(problem(fillMessage(MSG.sessions.numeroTaken, { numero: numero ?? '?' }), 'ALREADY_EXISTS'));

/** `terapeuta_id` in a body is ignored unless present: then it must be the caller. */
function assertCaller(user: User, terapeutaId: string | null | undefined): void {
  if (terapeutaId && terapeutaId !== user.id) throw new BadRequestException(problem(MSG.sessions.therapistMismatch, 'VALIDATION'));
}

/** A null for a field the session always has (its date, its voices) means "leave it". */
function withoutNull(values: ContentValues, fields: (keyof ContentValues)[]): ContentValues {
  const out = { ...values };
  for (const f of fields) if (out[f] === null) delete out[f];
  return out;
}

const toProperties = (values: ContentValues) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [PROPERTY[k as keyof ContentValues], v]));
