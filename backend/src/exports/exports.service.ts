import { ConflictException, GoneException, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { EntityManager, RequestContext, UniqueConstraintViolationException } from '@mikro-orm/core';
import { EXPORT_LIST_MAX, EXPORT_TTL_DAYS, MSG, type DownloadUrlAnswer, type ExportScope } from '@consulta/shared';
import { User } from '../auth/entities/user.entity';
import { problem } from '../common/errors/error.dto';
import { execute } from '../common/sql/execute';
import { JobsService } from '../jobs/jobs.service';
import { registerRowJob, type RowJob } from '../jobs/row-job';
import type { Patient } from '../patients/entities/patient.entity';
import { PatientAccess } from '../access/patient-access.service';
import { newKey } from '../storage/file-keys';
import { FileChanged, StoredFiles } from '../storage/stored-files.service';
import { PatientExportDto } from './dto/patient-export.dto';
import { PatientExport } from './entities/patient-export.entity';
import { writeArchive } from './export-archive';
import { ExportContents } from './export-contents';
import { archiveName } from './export-layout';
import { ProgressWriter } from './progress-writer';

/**
 * Patients' data exports (issue 17): the therapist's of one of their patients, the patient's of themself. A
 * request queues a job that writes the archive (`patient-export`); its row tells how it goes. Only who asked for an
 * export sees it and downloads it; a ready archive lasts EXPORT_TTL_DAYS, and a newer ready export of the same
 * patient by the same person replaces it at once.
 */
@Injectable()
export class ExportsService implements OnModuleInit {
  private readonly logger = new Logger('Exports');
  private job: RowJob;

  constructor(
    private readonly em: EntityManager,
    private readonly access: PatientAccess,
    private readonly jobs: JobsService,
    private readonly files: StoredFiles,
    private readonly contents: ExportContents,
  ) {}

  onModuleInit(): void {
    this.job = registerRowJob(this.jobs, 'patient-export', 'exportId', {
      run: (exportId) => this.generate(exportId),
      failed: (exportId, error) => this.failed(exportId, error),
      held: async () =>
        (
          await execute<{ id: string }>(
            this.em.fork(),
            `select id::text as id from patient_exports where estado in ('pendiente', 'generando')`,
          )
        ).map((r) => r.id),
    });
    this.jobs.register('export-expiry', async () => void (await this.expire('caduca_en <= now()', [])));
  }

  /** POST /pacientes/exportaciones/{id}: the therapist's export of their patient. */
  async request(user: User, patientId: string): Promise<PatientExportDto> {
    return this.start(await this.access.patient(user, patientId), user, 'terapeuta');
  }

  /** POST /pacientes/perfil/exportaciones: the patient's export of their own data. */
  async requestOwn(user: User): Promise<PatientExportDto> {
    return this.start(await this.access.self(user), user, 'paciente');
  }

  async list(user: User, patientId: string): Promise<PatientExportDto[]> {
    return this.listOf(await this.access.patient(user, patientId), user);
  }

  async listOwn(user: User): Promise<PatientExportDto[]> {
    return this.listOf(await this.access.self(user), user);
  }

  /** GET /exportaciones/{id}/descarga: a signed download of a ready archive, for who asked for it only. */
  async download(user: User, exportId: string): Promise<DownloadUrlAnswer> {
    const row = await this.access.owned(user, PatientExport, exportId, { notFound: MSG.exports.notFound, where: { solicitante: user.id } });
    if (row.estado === 'caducado') throw new GoneException(problem(MSG.exports.expired, 'EXPORT_EXPIRED'));
    if (row.estado !== 'listo' || !row.archivoKey) throw new ConflictException(problem(MSG.exports.notReady, 'EXPORT_NOT_READY'));
    return this.files.download(row.archivoKey, row.nombreArchivo ?? undefined);
  }

  private async start(patient: Patient, user: User, scope: ExportScope): Promise<PatientExportDto> {
    const row = this.em.create(PatientExport, { patient, solicitante: user, alcance: scope });
    if (!(await this.job.start(row.id, () => this.inserted()))) throw new ConflictException(problem(MSG.exports.busy, 'EXPORT_BUSY'));
    return PatientExportDto.from(row);
  }

  /** Writes the new export's row (`pendiente`): false while the same person's export of the patient is running. */
  private async inserted(): Promise<boolean> {
    try {
      await this.em.flush();
      return true;
    } catch (error) {
      // One export of a patient by the same person at a time: the partial unique index keeps it so.
      if (error instanceof UniqueConstraintViolationException) return false;
      throw error;
    }
  }

  private async listOf(patient: Patient, user: User): Promise<PatientExportDto[]> {
    const rows = await this.em.find(
      PatientExport,
      { patient, solicitante: user },
      { orderBy: { solicitadoEn: 'desc' }, limit: EXPORT_LIST_MAX },
    );
    return rows.map((r) => PatientExportDto.from(r));
  }

  /**
   * The job: reads as the user who asked (their services, their scope), streams the archive into storage, then marks
   * the row ready in one statement that holds only while it is still generating (a patient deleted meanwhile took
   * the row along: the archive is released again).
   */
  private generate(exportId: string): Promise<void> {
    // The services read through the context's EntityManager, as in a request.
    return RequestContext.create(this.em, async () => {
      const row = await this.em.findOne(
        PatientExport,
        { id: exportId, estado: { $in: ['pendiente', 'generando'] } },
        { populate: ['patient', 'solicitante'] },
      );
      if (!row) return;
      row.estado = 'generando';
      row.progreso = 0;
      await this.em.flush();
      const generatedAt = new Date();
      const plan = await this.contents.plan(row, row.solicitante, generatedAt);
      const name = archiveName(row.alcance, `${row.patient.nombre} ${row.patient.apellido}`, generatedAt);
      const therapistId = row.patient.therapist.id;
      const key = newKey(therapistId, ['exportaciones', row.patient.id], name);
      const progress = new ProgressWriter(this.em.fork(), row.id);
      let size: number;
      try {
        size = await this.files.store(
          { key, therapistId, kind: 'export', fileName: name, contentType: 'application/zip' },
          writeArchive(plan.entries, (share) => progress.report(share), generatedAt),
        );
      } catch (error) {
        await this.files.release([key]);
        throw error;
      } finally {
        await progress.close();
      }
      const ready = await execute(
        this.em.fork(),
        `update patient_exports set estado = 'listo', progreso = 100, mensaje_error = null, archivo_key = ?, nombre_archivo = ?, tamano_bytes = ?,
           archivos = ?, completado_en = now(), caduca_en = now() + make_interval(days => ?) where id = ? and estado = 'generando' returning id`,
        [key, name, size, plan.files, EXPORT_TTL_DAYS, row.id],
      );
      if (ready.length === 0) return this.files.release([key]);
      // The newest archive replaces the older ones of the same patient by the same person.
      await this.expire(`patient_id = ? and solicitante_id = ? and id <> ?`, [row.patient.id, row.solicitante.id, row.id]);
      this.logger.log(`Export ready: ${plan.entries.length} entries, ${plan.files} files, ${size} bytes`);
    });
  }

  private async failed(exportId: string, error: Error): Promise<void> {
    this.logger.warn(`Export failed: ${error.name}`);
    await execute(
      this.em.fork(),
      `update patient_exports set estado = 'error', mensaje_error = ? where id = ? and estado in ('pendiente', 'generando')`,
      [error instanceof FileChanged ? MSG.exports.fileChanged : MSG.exports.failed, exportId],
    );
  }

  /** Ready exports matching `condition` become caducado and their archives are released (deleted by a job). */
  private async expire(condition: string, params: unknown[]): Promise<void> {
    const rows = await execute<{ key: string }>(
      this.em.fork(),
      `with old as (select id, archivo_key from patient_exports where estado = 'listo' and ${condition} for update)
       update patient_exports x set estado = 'caducado', archivo_key = null from old where x.id = old.id returning old.archivo_key as key`,
      params,
    );
    await this.files.release(rows.map((r) => r.key));
  }
}
