import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import type { User } from '../auth/entities/user.entity';
import { FULL_HISTORY_SQL, OWN_HISTORY_SQL } from '../access-history/access-history.sql';
import { execute } from '../common/sql/execute';
import { AgendaService } from '../agenda/agenda.service';
import { PatientAppointmentsService } from '../agenda/patient-appointments.service';
import { ConsentsService } from '../consents/consents.service';
import { DraftsService } from '../drafts/drafts.service';
import { AssignmentsService } from '../exercises/assignments/assignments.service';
import { PatientAreaService } from '../patient-area/patient-area.service';
import { PatientsService } from '../patients/patients.service';
import { PatientQuestionnairesService } from '../questionnaires/patient-questionnaires.service';
import { QuestionnairesService } from '../questionnaires/questionnaires.service';
import { SessionsService } from '../sessions/sessions.service';
import { StoredFiles } from '../storage/stored-files.service';
import type { ArchiveEntry } from './export-archive';
import { archivePaths, json, readme, sessionFolders, type ExportedFile } from './export-layout';
import type { PatientExport } from './entities/patient-export.entity';

/** A file copied into the archive, with the store's tag of the bytes checked against its seal. */
type CopiedFile = ExportedFile & { etag: string };

export interface ExportPlan {
  entries: ArchiveEntry[];
  /** Stored files copied. */
  files: number;
}

/**
 * What an export holds, read through the same services the API answers with, as the user who asked for it: the
 * therapist's export is what the therapist's screens show of the patient (record, sessions whole, drafts, exercises,
 * consents, access history, files); the patient's is what the patient's own area shows them, through its
 * allow-list (patient-view.sql.ts), so no therapist-only field can reach it. Documents are read when the archive
 * writes them, one at a time.
 */
@Injectable()
export class ExportContents {
  constructor(
    private readonly em: EntityManager,
    private readonly patients: PatientsService,
    private readonly sessions: SessionsService,
    private readonly drafts: DraftsService,
    private readonly area: PatientAreaService,
    private readonly assignments: AssignmentsService,
    private readonly consents: ConsentsService,
    private readonly files: StoredFiles,
    private readonly agenda: AgendaService,
    private readonly ownAppointments: PatientAppointmentsService,
    private readonly questionnaires: QuestionnairesService,
    private readonly ownQuestionnaires: PatientQuestionnairesService,
  ) {}

  async plan(row: PatientExport, user: User, generatedAt: Date): Promise<ExportPlan> {
    return row.alcance === 'terapeuta' ? this.therapistPlan(row, user, generatedAt) : this.patientPlan(row, user, generatedAt);
  }

  private async therapistPlan(row: PatientExport, user: User, generatedAt: Date): Promise<ExportPlan> {
    const id = row.patient.id;
    const sessions = await this.sessions.list(user, id);
    const drafts = await this.drafts.listWhole(user, id);
    const files = await this.copies(id, true);
    const entries: ArchiveEntry[] = [
      { path: 'LEEME.txt', document: async () => readme('terapeuta', generatedAt) },
      { path: 'paciente.json', document: async () => json(await this.patients.get(user, id)) },
      ...sessionFolders(sessions).flatMap(([s, folder]) =>
        this.sessionEntries(folder, s.tiene_transcripcion, () => this.sessions.get(user, s.id)),
      ),
      ...drafts.map((d, i) => ({ path: `borradores/borrador-${i + 1}.json`, document: async () => json(d) })),
      { path: 'ejercicios.json', document: async () => json(await this.assignments.unified(user, id)) },
      { path: 'modulos.json', document: async () => json(await this.assignments.modulesProgress(user, id)) },
      { path: 'citas.json', document: async () => json(await this.agenda.ofPatient(user, id)) },
      { path: 'cuestionarios.json', document: async () => json(await this.questionnaires.ofPatient(user, id)) },
      { path: 'consentimientos.json', document: async () => json(await this.consents.list(user, id)) },
      { path: 'historial-accesos.json', document: async () => json(await execute(this.em.fork(), FULL_HISTORY_SQL, [id])) },
      ...this.fileEntries(files),
    ];
    return { entries, files: files.length };
  }

  private async patientPlan(row: PatientExport, user: User, generatedAt: Date): Promise<ExportPlan> {
    const id = row.patient.id;
    const sessions = await this.area.sessions(user);
    const files = await this.copies(id, false);
    const entries: ArchiveEntry[] = [
      { path: 'LEEME.txt', document: async () => readme('paciente', generatedAt) },
      {
        path: 'perfil.json',
        // The photo is in archivos/; a signed address of it would expire anyway.
        document: async () => json({ ...(await this.area.profile(user)), avatar_url: undefined }),
      },
      ...sessionFolders(sessions).flatMap(([s, folder]) =>
        this.sessionEntries(folder, s.tiene_transcripcion, () => this.area.session(user, s.id)),
      ),
      { path: 'ejercicios.json', document: async () => json(await this.assignments.mine(user)) },
      { path: 'modulos.json', document: async () => json(await this.assignments.myModules(user)) },
      { path: 'citas.json', document: async () => json(await this.ownAppointments.all(user)) },
      { path: 'cuestionarios.json', document: async () => json(await this.ownQuestionnaires.own(user)) },
      { path: 'consentimientos.json', document: async () => json(await this.consents.own(user)) },
      { path: 'historial-accesos.json', document: async () => json(await execute(this.em.fork(), OWN_HISTORY_SQL, [id])) },
      ...this.fileEntries(files),
    ];
    return { entries, files: files.length };
  }

  /**
   * A session's folder: the whole session as JSON and, when it has one, its transcript as plain text. The session
   * is read once for both, and let go after its last entry.
   */
  private sessionEntries(folder: string, hasTranscript: boolean, read: () => Promise<{ transcripcion: string | null }>): ArchiveEntry[] {
    let session: Promise<{ transcripcion: string | null }> | undefined;
    const whole: ArchiveEntry = { path: `${folder}/sesion.json`, document: async () => json(await (session = read())) };
    if (!hasTranscript) return [whole];
    const transcript: ArchiveEntry = {
      path: `${folder}/transcripcion.txt`,
      document: async () => {
        const text = (await session!).transcripcion ?? '';
        session = undefined;
        return text;
      },
    };
    return [whole, transcript];
  }

  /**
   * The patient's stored files with their size, their tag and their place in the archive (a file gone from the store
   * is left out). A file changed since its record took it fails the export (FileChanged): the archive would not hold
   * what the record refers to.
   */
  private async copies(patientId: string, withDrafts: boolean): Promise<CopiedFile[]> {
    const found = await this.files.exportFiles(patientId, withDrafts);
    const unique = [...new Map(found.map((f) => [f.key, f])).values()];
    const checked = await Promise.all(unique.map(async (f) => ({ ...f, stored: await this.files.intact(f.key) })));
    const present = checked.flatMap(({ stored, ...f }) => (stored ? [{ ...f, tamano_bytes: stored.size, etag: stored.etag }] : []));
    return archivePaths(present);
  }

  private fileEntries(files: CopiedFile[]): ArchiveEntry[] {
    return [
      { path: 'archivos.json', document: async () => json(files.map(({ key: _key, etag: _etag, ...file }) => file)) },
      // Read only while it has the tag checked above: a change in between fails the export too.
      ...files.map((f) => ({ path: f.ruta, size: f.tamano_bytes, file: (): Promise<Readable> => this.files.read(f.key, f.etag) })),
    ];
  }
}
