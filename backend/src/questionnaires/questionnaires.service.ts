import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import {
  type QuestionnaireAssignment as AssignmentView,
  type QuestionnaireResult as ResultView,
  QUESTIONNAIRE_MSG,
} from '@consulta/shared';
import type { User } from '../auth/entities/user.entity';
import { PatientAccess } from '../access/patient-access.service';
import { problem } from '../common/errors/error.dto';
import { execute } from '../common/sql/execute';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { JobsService } from '../jobs/jobs.service';
import type { AssignQuestionnaireDto } from './dto/questionnaire.dto';
import { QuestionnaireAssignment } from './entities/questionnaire-assignment.entity';
import { QuestionnaireResult } from './entities/questionnaire-result.entity';
import { ASSIGNMENT_COLUMNS, RESULT_COLUMNS, therapistTodaySql } from './questionnaires.sql';

/**
 * The therapist's side: assigning a scale to one of their patients (due at once, then every `frecuencia_dias`),
 * stopping it, reading every result and marking one reviewed (which clears the patient's safety flag when no other
 * alert waits). Assigning mails the patient at once (the scale is due the same day). Another therapist's patient, assignment or result does not exist here (404).
 */
@Injectable()
export class QuestionnairesService {
  private readonly logger = new Logger('Questionnaires');

  constructor(
    private readonly em: EntityManager,
    private readonly access: PatientAccess,
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async assign(user: User, dto: AssignQuestionnaireDto): Promise<AssignmentView> {
    const patient = await this.access.patient(user, dto.paciente_id);
    const [{ hoy }] = await execute<{ hoy: string }>(this.em, `select to_char(${therapistTodaySql('?')}, 'YYYY-MM-DD') as hoy`, [
      user.id,
      this.config.agenda.defaultTimeZone,
    ]);
    const hasta = dto.hasta ?? null;
    if (hasta !== null && hasta < hoy) throw new BadRequestException(problem(QUESTIONNAIRE_MSG.until, 'VALIDATION'));
    const assignment = this.em.create(QuestionnaireAssignment, {
      therapist: user.id,
      patient: patient.id,
      codigo: dto.codigo,
      frecuenciaDias: dto.frecuencia_dias,
      hasta,
      proximaFecha: hoy,
    });
    await this.em.flush();
    // Due today: the patient is mailed now rather than at the next periodic sweep (which catches it if this fails).
    await this.jobs
      .enqueue('questionnaire-due-mails', {})
      .catch((error: Error) => this.logger.warn(`Due-mail sweep not queued: ${error.message}`));
    return this.readAssignment(assignment.id);
  }

  async assignments(user: User, patientId: string | undefined): Promise<AssignmentView[]> {
    const patient = await this.access.patient(user, patientId);
    return execute<AssignmentView>(
      this.em,
      `select ${ASSIGNMENT_COLUMNS} from questionnaire_assignments qa where qa.patient_id = ? order by qa.creada_en desc, qa.id`,
      [patient.id],
    );
  }

  /** Stops an assignment (nothing more falls due; its results stay). Stopping a stopped one changes nothing. */
  async stop(user: User, id: string): Promise<AssignmentView> {
    const assignment = await this.access.owned(user, QuestionnaireAssignment, id, { notFound: QUESTIONNAIRE_MSG.notFound });
    await execute(this.em, `update questionnaire_assignments set detenida_en = coalesce(detenida_en, now()) where id = ?`, [assignment.id]);
    return this.readAssignment(assignment.id);
  }

  /** Every result of the patient, oldest first (the order of the charts). */
  async results(user: User, patientId: string): Promise<ResultView[]> {
    const patient = await this.access.patient(user, patientId);
    return execute<ResultView>(
      this.em,
      `select ${RESULT_COLUMNS} from questionnaire_results r where r.patient_id = ? order by r.fecha, r.id`,
      [patient.id],
    );
  }

  /** Everything of the patient's questionnaires: assignments and results (the therapist's export). */
  async ofPatient(user: User, patientId: string): Promise<{ asignaciones: AssignmentView[]; resultados: ResultView[] }> {
    return { asignaciones: await this.assignments(user, patientId), resultados: await this.results(user, patientId) };
  }

  async review(user: User, id: string): Promise<ResultView> {
    const result = await this.access.owned(user, QuestionnaireResult, id, { notFound: QUESTIONNAIRE_MSG.resultNotFound });
    const [row] = await execute<ResultView>(
      this.em,
      `update questionnaire_results r set revisada_en = coalesce(r.revisada_en, now()) where r.id = ? returning ${RESULT_COLUMNS}`,
      [result.id],
    );
    return row;
  }

  private async readAssignment(id: string): Promise<AssignmentView> {
    const [row] = await execute<AssignmentView>(this.em, `select ${ASSIGNMENT_COLUMNS} from questionnaire_assignments qa where qa.id = ?`, [
      id,
    ]);
    return row;
  }
}
