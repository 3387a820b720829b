import { BadRequestException, ConflictException, Injectable, Logger, NotFoundException, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { DRAFT_JOB_VIDEO_FIELDS, MSG, NUM_VOCES_DEFAULT, UPLOAD_PATHS, VIDEO_UPLOAD_STATES } from '@consulta/shared';
import { User } from '../auth/entities/user.entity';
import { problem } from '../common/errors/error.dto';
import { ConsentGate } from '../consents/consent-gate.service';
import { PatientAccess } from '../access/patient-access.service';
import { contentValues } from '../sessions/session-content';
import { SessionTypeChoice, type TypeChoice } from '../sessions/session-type-choice';
import type { CreateDraftDto, DraftDto, DraftListItemDto, DraftProgressDto, UpdateDraftDto } from './dto/draft.dto';
import { notFree } from './draft-job-start';
import { cancelDraftJob, sweepDrafts, writeDraftContent, writeUploadState, type DraftColumns } from './draft-writes';
import { DraftsQuery } from './drafts.query';
import { SessionDraft } from './entities/session-draft.entity';
import { StoredFiles } from '../storage/stored-files.service';
import { JobsService } from '../jobs/jobs.service';
import type { Execute } from '../common/sql/execute';
import { isUuid } from '../common/validation/uuid';
import { recordableAppointment } from '../agenda/appointment-writes';

const notFound = () => new NotFoundException(problem(MSG.drafts.notFound, 'NOT_FOUND'));

/**
 * Auto-saved session drafts: therapist-only, like everything unfinished. Saves write only the
 * fields they send; while a background job owns a draft, a save that touches the job's fields is refused
 * (DRAFT_BUSY) and changes nothing, so it can never overwrite the job's result. A draft that became a session
 * (`completado`) takes no more saves (DRAFT_SAVED); the hourly `draft-sweep` deletes it a day later.
 */
@Injectable()
export class DraftsService implements OnModuleInit {
  private readonly logger = new Logger('Drafts');

  constructor(
    private readonly jobs: JobsService,
    private readonly em: EntityManager,
    private readonly access: PatientAccess,
    private readonly types: SessionTypeChoice,
    private readonly query: DraftsQuery,
    private readonly files: StoredFiles,
    private readonly consents: ConsentGate,
  ) {}

  onModuleInit(): void {
    this.jobs.register('draft-sweep', async () => {
      const { deleted, freed } = await sweepDrafts(this.sweepExecute);
      if (deleted || freed) this.logger.log(`Deleted ${deleted} completed drafts; freed ${freed} drafts left guardando`);
    });
  }

  async list(user: User, patientId: string): Promise<DraftListItemDto[]> {
    return this.query.listByPatient(await this.access.patientScope(user, patientId));
  }

  /** A patient's drafts whole, transcripts and analyses included (the therapist's export of the patient). */
  async listWhole(user: User, patientId: string): Promise<DraftDto[]> {
    return this.query.wholeByPatient(await this.access.patientScope(user, patientId));
  }

  async get(user: User, id: string): Promise<DraftDto> {
    const draft = await this.find(user, id);
    return this.answer(draft.id);
  }

  async create(user: User, dto: CreateDraftDto): Promise<DraftDto> {
    const patient = await this.access.patient(user, dto.paciente_id);
    // Refused before the draft exists: a 409 leaves nothing behind.
    if (typeof dto.archivo_video_info?.file_key === 'string') await this.consents.require(patient.id, 'grabacion');
    const choice = (await this.types.read(user, dto)) ?? { tipoSesion: null, type: null };
    const draft = this.em.create(SessionDraft, {
      patient,
      therapist: this.em.getReference(User, user.id),
      tipoSesion: choice.tipoSesion,
      tipoSesionRef: choice.type,
      numVoces: NUM_VOCES_DEFAULT,
    });
    await this.em.flush();
    await this.save(user, patient.id, draft.id, dto, choice);
    return this.answer(draft.id);
  }

  async update(user: User, id: string, dto: UpdateDraftDto): Promise<DraftDto> {
    // The current type is read only when the save changes it (an auto-save of text does not).
    const draft = await this.find(user, id, dto.tipo_sesion !== undefined || dto.tipo_sesion_id !== undefined);
    if (draft.estado === 'completado') throw notFree(draft.estado);
    if (dto.paciente_id !== undefined && dto.paciente_id !== draft.patient.id) {
      throw new BadRequestException(problem(MSG.sessions.patientChange, 'VALIDATION'));
    }
    const choice = await this.types.read(user, dto, { tipoSesion: draft.tipoSesion, type: draft.tipoSesionRef });
    const previousVideo = draft.archivoVideoInfo.file_key;
    await this.save(user, draft.patient.id, draft.id, dto, choice, previousVideo);
    const video = dto.archivo_video_info?.file_key;
    if (video !== undefined && previousVideo && previousVideo !== video) await this.files.release([previousVideo]);
    return this.answer(draft.id);
  }

  /** Deletes the draft, and its video unless `preserve_video` (kept for the session it became). */
  async remove(user: User, id: string, preserveVideo: boolean): Promise<DraftDto> {
    const draft = await this.find(user, id);
    const answer = await this.answer(draft.id);
    await this.em.remove(draft).flush();
    if (!preserveVideo) await this.files.release([draft.archivoVideoInfo.file_key]);
    return answer;
  }

  /**
   * 'Cancelar procesamiento': the running transcription or analysis stops at its next step without another request
   * to the provider, and the draft, as it was before the job, goes to `cancelado`. 409 NOTHING_RUNNING otherwise.
   */
  async cancel(user: User, id: string): Promise<DraftProgressDto> {
    const draft = await this.find(user, id);
    if (!(await cancelDraftJob(this.query.execute, draft.id))) {
      if (!(await this.query.progress(draft.id))) throw notFound();
      throw new ConflictException(problem(MSG.drafts.nothingRunning, 'NOTHING_RUNNING'));
    }
    return (await this.query.progress(draft.id))!;
  }

  async progress(user: User, id: string): Promise<DraftProgressDto> {
    const draft = await this.find(user, id);
    const progress = await this.query.progress(draft.id);
    if (!progress) throw notFound();
    return progress;
  }

  /** Writes what the payload sends; DRAFT_BUSY when it touches a job's fields while a job owns the draft. */
  private async save(
    user: User,
    patientId: string,
    id: string,
    dto: UpdateDraftDto,
    choice: TypeChoice | undefined,
    currentVideo?: string | null,
  ): Promise<void> {
    const columns: DraftColumns = { ...contentValues(dto) };
    if (dto.titulo !== undefined) columns.titulo = dto.titulo?.trim() || null;
    if (dto.descripcion !== undefined) columns.descripcion = dto.descripcion?.trim() || null;
    if (choice) {
      columns.tipo_sesion = choice.tipoSesion;
      columns.tipo_sesion_id = choice.type?.id ?? null;
    }
    if (dto.cita_id !== undefined) columns.cita_id = dto.cita_id && (await this.appointmentOf(patientId, dto.cita_id));
    const video = dto.archivo_video_info ?? undefined;
    if (typeof video?.file_key === 'string') {
      await this.files.attachable(user, video.file_key, 'video', UPLOAD_PATHS.sessionVideo(patientId));
      // A new recording needs the patient's consent; re-sending the draft's own video changes nothing.
      if (video.file_key !== currentVideo) await this.consents.require(patientId, 'grabacion');
    }
    // The video is the jobs' input: it does not change under a running transcription either.
    const jobFields =
      'analisis_ia_paciente' in columns ||
      [...DRAFT_JOB_VIDEO_FIELDS, 'file_key', 'video_url'].some((f) => video?.[f as keyof typeof video] !== undefined);
    if (await writeDraftContent(this.query.execute, id, columns, video, jobFields)) {
      // The page says when its video upload starts and ends: the draft shows it (unless a job holds it).
      const upload = video?.estado_upload;
      if (upload !== undefined) await writeUploadState(this.query.execute, id, upload === VIDEO_UPLOAD_STATES.uploading);
      return;
    }
    const now = await this.query.progress(id);
    if (!now) throw notFound();
    if (now.estado === 'completado') throw notFree(now.estado);
    throw new ConflictException(problem(MSG.drafts.busy, 'DRAFT_BUSY'));
  }

  /** An appointment of the draft's patient that a session may still be recorded from, or 404 / 409. */
  private async appointmentOf(patientId: string, citaId: string): Promise<string> {
    const found = isUuid(citaId) ? await recordableAppointment(this.query.execute, citaId, patientId) : null;
    if (!found) throw new NotFoundException(problem(MSG.agenda.notFound, 'NOT_FOUND'));
    if (found.estado === 'cancelada') throw new ConflictException(problem(MSG.agenda.cancelled, 'CONFLICT'));
    return citaId;
  }

  private readonly sweepExecute: Execute = (sql, params) => this.em.fork().getConnection().execute(sql, params, 'all');

  private async answer(id: string): Promise<DraftDto> {
    const draft = await this.query.one(id);
    if (!draft) throw notFound();
    return draft;
  }

  private find(user: User, id: string, withType = false): Promise<SessionDraft> {
    return this.access.owned(user, SessionDraft, id, {
      notFound: MSG.drafts.notFound,
      invalidId: MSG.drafts.invalidId,
      populate: withType ? ['tipoSesionRef'] : undefined,
    });
  }
}
