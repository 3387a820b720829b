import { ConflictException, Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { fillMessage, MSG, type PatientAppointment, type PatientAppointmentsResponse } from '@consulta/shared';
import type { User } from '../auth/entities/user.entity';
import { PatientAccess } from '../access/patient-access.service';
import { problem } from '../common/errors/error.dto';
import { execute } from '../common/sql/execute';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { therapistZone } from '../therapists/therapist-zone.sql';
import { AgendaMail } from './agenda-mail.service';
import { ACTIVE_STATES_SQL, PATIENT_APPOINTMENT_COLUMNS, PATIENT_APPOINTMENT_FROM } from './appointments.sql';
import { Appointment } from './entities/appointment.entity';

/**
 * The patient's side of the agenda ('Mis citas', and the mailed links that act for them): their own appointments
 * through an allow-list (never the therapist's notes), confirming, and cancelling until PATIENT_CANCEL_HOURS before
 * the start (later, they are told to contact their therapist). Every cancellation by a patient mails the therapist.
 */
@Injectable()
export class PatientAppointmentsService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: PatientAccess,
    private readonly mail: AgendaMail,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get cancelHours(): number {
    return this.config.agenda.patientCancelHours;
  }

  async list(user: User): Promise<PatientAppointmentsResponse> {
    const patient = await this.access.self(user);
    const [zone, rows] = await Promise.all([
      therapistZone(this.em, patient.therapist.id, this.config.agenda.defaultTimeZone),
      execute<PatientAppointment & { terminada: boolean }>(
        this.em,
        `select ${PATIENT_APPOINTMENT_COLUMNS}, a.fin <= now() as terminada ${PATIENT_APPOINTMENT_FROM}
         where a.patient_id = ? and a.fin > now() - make_interval(days => ?) order by a.inicio, a.id`,
        [this.cancelHours, patient.id, 30],
      ),
    ]);
    const strip = ({ terminada: _, ...item }: PatientAppointment & { terminada: boolean }): PatientAppointment => item;
    return {
      zona_horaria: zone,
      horas_cancelacion: this.cancelHours,
      proximas: rows.filter((r) => !r.terminada).map(strip),
      pasadas: rows
        .filter((r) => r.terminada)
        .reverse()
        .map(strip),
    };
  }

  /** Every appointment of the signed-in patient, through the same allow-list (their export). */
  async all(user: User): Promise<PatientAppointment[]> {
    const patient = await this.access.self(user);
    return execute<PatientAppointment>(
      this.em,
      `select ${PATIENT_APPOINTMENT_COLUMNS} ${PATIENT_APPOINTMENT_FROM} where a.patient_id = ? order by a.inicio, a.id`,
      [this.cancelHours, patient.id],
    );
  }

  async confirm(user: User, id: string): Promise<PatientAppointment> {
    const appointment = await this.own(user, id);
    await this.confirmAppointment(appointment.id);
    return this.read(appointment.id);
  }

  async cancel(user: User, id: string, motivo: string | null | undefined): Promise<PatientAppointment> {
    const appointment = await this.own(user, id);
    await this.cancelAppointment(appointment.id, motivo);
    return this.read(appointment.id);
  }

  /** Confirms a programada appointment still to come (confirming a confirmed one changes nothing); otherwise 409. */
  async confirmAppointment(id: string): Promise<void> {
    const done = await execute(
      this.em,
      `update appointments set estado = 'confirmada', confirmada_en = now(), version = version + 1, fecha_actualizacion = now()
       where id = ? and estado = 'programada' and inicio > now() returning id`,
      [id],
    );
    if (done.length > 0) return;
    const [row] = await execute<{ estado: string; futura: boolean }>(
      this.em,
      `select estado, inicio > now() as futura from appointments where id = ?`,
      [id],
    );
    if (row?.estado === 'confirmada' && row.futura) return;
    throw new ConflictException(problem(MSG.agenda.notConfirmable, 'CONFLICT'));
  }

  /** Cancels as the patient, until PATIENT_CANCEL_HOURS before the start (409 TOO_LATE_TO_CANCEL after), and mails the therapist. */
  async cancelAppointment(id: string, motivo: string | null | undefined): Promise<void> {
    const done = await execute(
      this.em,
      `update appointments set estado = 'cancelada', cancelada_por = 'paciente', motivo_cancelacion = ?, cancelada_en = now(),
         version = version + 1, fecha_actualizacion = now()
       where id = ? and estado in (${ACTIVE_STATES_SQL}) and inicio - make_interval(hours => ?) > now() returning id`,
      [motivo?.trim() || null, id, this.cancelHours],
    );
    if (done.length > 0) return this.mail.cancelledByPatient(id);
    const [row] = await execute<{ estado: string; futura: boolean }>(
      this.em,
      `select estado, inicio > now() as futura from appointments where id = ?`,
      [id],
    );
    if (row?.estado === 'cancelada') throw new ConflictException(problem(MSG.agenda.alreadyCancelled, 'CONFLICT'));
    if (row && (row.estado === 'programada' || row.estado === 'confirmada') && row.futura) {
      throw new ConflictException(problem(fillMessage(MSG.agenda.tooLateToCancel, { horas: this.cancelHours }), 'TOO_LATE_TO_CANCEL'));
    }
    throw new ConflictException(problem(row?.futura === false ? MSG.agenda.started : MSG.agenda.notCancellable, 'CONFLICT'));
  }

  private own(user: User, id: string): Promise<Appointment> {
    return this.access.owned(user, Appointment, id, { notFound: MSG.agenda.notFound });
  }

  private async read(id: string): Promise<PatientAppointment> {
    const [row] = await execute<PatientAppointment>(
      this.em,
      `select ${PATIENT_APPOINTMENT_COLUMNS} ${PATIENT_APPOINTMENT_FROM} where a.id = ?`,
      [this.cancelHours, id],
    );
    return row;
  }
}
