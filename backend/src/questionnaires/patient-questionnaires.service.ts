import { BadRequestException, ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import {
  answersProblem,
  fillMessage,
  formatDay,
  isQuestionnaireCode,
  QUESTIONNAIRES,
  scoreQuestionnaire,
  type DueQuestionnaire,
  type OwnQuestionnaireResult,
  type PatientQuestionnairesResponse,
  type QuestionnaireAnswerResponse,
  type QuestionnaireCode,
  QUESTIONNAIRE_MSG,
} from '@consulta/shared';
import type { User } from '../auth/entities/user.entity';
import { PatientAccess } from '../access/patient-access.service';
import { problem } from '../common/errors/error.dto';
import { execute } from '../common/sql/execute';
import { isUuid } from '../common/validation/uuid';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { MailService } from '../mail/mail.service';
import { alertMail } from './questionnaire-mails';
import { nextDueDay } from './questionnaire-days';
import { OWN_RESULT_COLUMNS, therapistTodaySql } from './questionnaires.sql';
import { PATIENT_THERAPIST_CONTACT_SQL } from '../patients/patient-reads.sql';

interface LockedAssignment {
  id: string;
  codigo: QuestionnaireCode;
  frecuencia_dias: number;
  hasta: string | null;
  proxima: string | null;
  detenida: boolean;
  hoy: string;
}

/**
 * The patient's side: what is due and their own past scores, and answering. An answer is taken only while its
 * assignment is due (409 otherwise), only when it fits the scale (400 otherwise; nothing stored either way), and
 * moves the assignment to its next due day in the same transaction, so two answers at once cannot both count.
 * An answer raising the safety alert mails the therapist at once (without the answers) and brings the crisis lines.
 */
@Injectable()
export class PatientQuestionnairesService {
  private readonly logger = new Logger('Questionnaires');

  constructor(
    private readonly em: EntityManager,
    private readonly access: PatientAccess,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(user: User): Promise<PatientQuestionnairesResponse> {
    const patient = await this.access.self(user);
    const [due, resultados] = await Promise.all([
      execute<{ asignacion_id: string; codigo: QuestionnaireCode; fecha: string }>(
        this.em,
        `select qa.id as asignacion_id, qa.codigo, to_char(qa.proxima_fecha, 'YYYY-MM-DD') as fecha
         from questionnaire_assignments qa
         where qa.patient_id = ? and qa.detenida_en is null and qa.proxima_fecha <= ${therapistTodaySql('qa.therapist_id')}
         order by qa.proxima_fecha, qa.id`,
        [patient.id, this.config.agenda.defaultTimeZone],
      ),
      this.ownResults(patient.id),
    ]);
    const pendientes: DueQuestionnaire[] = due.map((d) => ({ ...d, nombre: QUESTIONNAIRES[d.codigo].nombre }));
    return { pendientes, resultados };
  }

  /** The signed-in patient's own scores (their export). */
  async own(user: User): Promise<OwnQuestionnaireResult[]> {
    return this.ownResults((await this.access.self(user)).id);
  }

  /** The patient's own scores, newest first. */
  private ownResults(patientId: string): Promise<OwnQuestionnaireResult[]> {
    return execute<OwnQuestionnaireResult>(
      this.em,
      `select ${OWN_RESULT_COLUMNS} from questionnaire_results r where r.patient_id = ? order by r.fecha desc, r.id`,
      [patientId],
    );
  }

  async answer(user: User, assignmentId: string, respuestas: unknown): Promise<QuestionnaireAnswerResponse> {
    const patient = await this.access.self(user);
    if (!isUuid(assignmentId)) throw new NotFoundException(problem(QUESTIONNAIRE_MSG.notFound, 'NOT_FOUND'));
    const { score, resultId } = await this.em.transactional(async (em) => {
      const [row] = await execute<LockedAssignment>(
        em,
        `select qa.id, qa.codigo, qa.frecuencia_dias, to_char(qa.hasta, 'YYYY-MM-DD') as hasta,
           to_char(qa.proxima_fecha, 'YYYY-MM-DD') as proxima, qa.detenida_en is not null as detenida,
           to_char(${therapistTodaySql('qa.therapist_id')}, 'YYYY-MM-DD') as hoy
         from questionnaire_assignments qa where qa.id = ? and qa.patient_id = ? for update`,
        [this.config.agenda.defaultTimeZone, assignmentId, patient.id],
      );
      if (!row || !isQuestionnaireCode(row.codigo)) throw new NotFoundException(problem(QUESTIONNAIRE_MSG.notFound, 'NOT_FOUND'));
      this.assertDue(row);
      const scale = QUESTIONNAIRES[row.codigo];
      const wrong = answersProblem(scale, respuestas);
      if (wrong) throw new BadRequestException(problem(wrong, 'VALIDATION'));
      const answers = respuestas as number[];
      const score = scoreQuestionnaire(scale, answers);
      const [inserted] = await execute<{ id: string }>(
        em,
        `insert into questionnaire_results (id, assignment_id, patient_id, codigo, puntuacion, gravedad, respuestas, alerta)
         values (gen_random_uuid(), ?, ?, ?, ?, ?, ?::jsonb, ?) returning id`,
        [row.id, patient.id, row.codigo, score.puntuacion, score.gravedad, JSON.stringify(answers), score.alerta],
      );
      await execute(em, `update questionnaire_assignments set proxima_fecha = ? where id = ?`, [
        nextDueDay(row.proxima!, row.frecuencia_dias, row.hoy, row.hasta),
        row.id,
      ]);
      return { score, resultId: inserted.id };
    });
    if (score.alerta) await this.alertTherapist(patient.id, resultId);
    return { ...score, lineas_crisis: score.alerta ? this.config.questionnaires.crisisLines : [] };
  }

  private assertDue(row: LockedAssignment): void {
    if (row.detenida) throw new ConflictException(problem(QUESTIONNAIRE_MSG.stopped, 'CONFLICT'));
    if (row.proxima === null) throw new ConflictException(problem(QUESTIONNAIRE_MSG.answered, 'CONFLICT'));
    if (row.proxima > row.hoy) {
      throw new ConflictException(problem(fillMessage(QUESTIONNAIRE_MSG.notDueYet, { fecha: formatDay(row.proxima) }), 'CONFLICT'));
    }
  }

  /** The therapist's mail about an alert. A mail that cannot be queued is logged: the answer itself stands. */
  private async alertTherapist(patientId: string, resultId: string): Promise<void> {
    try {
      const [row] = await execute<{ email: string; terapeuta: string; nombre: string; apellido: string }>(
        this.em,
        PATIENT_THERAPIST_CONTACT_SQL,
        [patientId],
      );
      const url = `${this.config.publicUrl}/dashboard/terapeuta/pacientes/${patientId}`;
      await this.mail.send({
        to: row.email,
        ...alertMail({ terapeutaNombre: row.terapeuta, pacienteNombre: `${row.nombre} ${row.apellido}`, url }),
      });
    } catch (error) {
      this.logger.error(`The safety alert mail of result ${resultId} could not be queued: ${(error as Error).message}`);
    }
  }
}
