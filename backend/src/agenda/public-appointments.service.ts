import { BadRequestException, ConflictException, Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { fillMessage, MSG, type PublicAppointment, type PublicAppointmentAction } from '@consulta/shared';
import { problem } from '../common/errors/error.dto';
import { execute } from '../common/sql/execute';
import { isoTimestamp } from '../common/sql/iso-timestamp';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { therapistZoneSql } from '../therapists/therapist-zone.sql';
import { AppointmentLinks } from './appointment-links.service';
import { linkIsLive, type AppointmentLink } from './appointment-links';
import { epochMs } from './appointment-reminders.sql';
import { PatientAppointmentsService } from './patient-appointments.service';
import { joinPatient } from '../patients/patient-reads.sql';

type Row = Omit<PublicAppointment, 'accion' | 'vigente' | 'motivo_no_vigente'> & {
  inicio_ms: number;
  empezada: boolean;
  a_tiempo: boolean;
};

/** The appointment a link names, as its page shows it (an allow-list: never notes, the surname, contact data). */
const READ_SQL = `
select ${isoTimestamp('a.inicio')} as inicio, ${isoTimestamp('a.fin')} as fin, a.duracion_minutos, a.modalidad, a.lugar_o_enlace,
  a.estado, u.name as terapeuta_nombre, p.nombre as paciente_nombre, ${therapistZoneSql('a.therapist_id', '?')} as zona_horaria,
  ${epochMs('a.inicio')} as inicio_ms, a.inicio <= now() as empezada, a.inicio - make_interval(hours => ?) > now() as a_tiempo
from appointments a
join users u on u.id = a.therapist_id
${joinPatient('a.patient_id')}
where a.id = ?`;

const invalid = () => new BadRequestException(problem(MSG.agenda.invalidLink, 'INVALID_LINK'));

/**
 * The mailed links (`/cita/{token}`), without sign-in: the token is the credential (appointment-links.ts). A forged,
 * altered or other-purpose token, or one past the start it was issued for, is 400 INVALID_LINK and changes nothing. A
 * link of an appointment moved since does not act on the new time (409 with MSG.agenda.linkMoved; its page says so).
 * Confirming and cancelling are the patient's own rules (PatientAppointmentsService: the same states, the same
 * PATIENT_CANCEL_HOURS, the therapist mailed), run under a lock of the row so that a move cannot slip in between
 * the check of the start and the change.
 */
@Injectable()
export class PublicAppointmentsService {
  constructor(
    private readonly em: EntityManager,
    private readonly appointments: PatientAppointmentsService,
    private readonly links: AppointmentLinks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async read(token: string): Promise<PublicAppointment> {
    const link = this.link(token);
    return this.answer(link, await this.row(this.em, link, false));
  }

  async confirm(token: string): Promise<PublicAppointment> {
    const link = this.link(token, 'confirmar');
    await this.em.transactional(async (em) => {
      this.refuseMoved(link, await this.row(em, link, true));
      await this.appointments.confirmAppointment(link.id);
    });
    return this.read(token);
  }

  async cancel(token: string, motivo: string | null | undefined): Promise<PublicAppointment> {
    const link = this.link(token, 'cancelar');
    await this.em.transactional(async (em) => {
      this.refuseMoved(link, await this.row(em, link, true));
      await this.appointments.cancelAppointment(link.id, motivo);
    });
    return this.read(token);
  }

  /** The link a token names, still live and (for an action) of that purpose; else 400 INVALID_LINK. */
  private link(token: string, purpose?: PublicAppointmentAction): AppointmentLink {
    const link = this.links.read(token);
    if (!link || !linkIsLive(link) || (purpose && link.accion !== purpose)) throw invalid();
    return link;
  }

  private async row(em: EntityManager, link: AppointmentLink, lock: boolean): Promise<Row> {
    const { defaultTimeZone, patientCancelHours } = this.config.agenda;
    const [row] = await execute<Row>(em, `${READ_SQL}${lock ? ' for update of a' : ''}`, [defaultTimeZone, patientCancelHours, link.id]);
    // A link of an appointment that no longer exists (its patient deleted) names nothing.
    if (!row) throw invalid();
    return row;
  }

  private refuseMoved(link: AppointmentLink, row: Row): void {
    if (row.inicio_ms !== link.startMs) throw new ConflictException(problem(MSG.agenda.linkMoved, 'CONFLICT'));
  }

  private answer(link: AppointmentLink, row: Row): PublicAppointment {
    const { inicio_ms, empezada, a_tiempo, ...shown } = row;
    let why: string | null = null;
    if (inicio_ms !== link.startMs) why = MSG.agenda.linkMoved;
    else if (row.estado === 'cancelada') why = MSG.agenda.alreadyCancelled;
    else if (empezada || (row.estado !== 'programada' && row.estado !== 'confirmada')) why = MSG.agenda.started;
    else if (link.accion === 'cancelar' && !a_tiempo)
      why = fillMessage(MSG.agenda.tooLateToCancel, { horas: this.config.agenda.patientCancelHours });
    return { accion: link.accion, ...shown, vigente: why === null, motivo_no_vigente: why };
  }
}
