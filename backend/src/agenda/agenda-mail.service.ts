import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { APPOINTMENT_MODE_LABELS } from '@consulta/shared';
import { execute } from '../common/sql/execute';
import { isoTimestamp } from '../common/sql/iso-timestamp';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { MailService, type OutgoingMail } from '../mail/mail.service';
import { therapistZoneSql } from '../therapists/therapist-zone.sql';
import { calendarIcs } from './agenda-ics';
import { cancelledByPatientMail, cancelledByTherapistMail, howText, reminderMail } from './agenda-mails';
import { AppointmentLinks } from './appointment-links.service';
import type { ClaimedReminder } from './appointment-reminders.sql';
import { joinPatient } from '../patients/patient-reads.sql';

interface CancelledRow {
  inicio: string;
  motivo: string | null;
  paciente_email: string;
  paciente_nombre: string;
  paciente_apellido: string;
  terapeuta_nombre: string;
  terapeuta_email: string;
  zona: string;
}

/** What a cancellation mail reads of its appointments: one statement, with the patient, the therapist and the zone. */
const CANCELLED_SQL = `
select ${isoTimestamp('a.inicio')} as inicio, a.motivo_cancelacion as motivo, pu.email as paciente_email, p.nombre as paciente_nombre,
  p.apellido as paciente_apellido, t.name as terapeuta_nombre, t.email as terapeuta_email, ${therapistZoneSql('a.therapist_id', '?')} as zona
from appointments a
${joinPatient('a.patient_id')}
join users pu on pu.id = p.user_id
join users t on t.id = a.therapist_id
where a.id = any(string_to_array(?, ',')::uuid[]) and a.estado = 'cancelada' and a.inicio > now()
order by a.inicio, a.id`;

/**
 * The agenda's mails: reminders (with the appointment as .ics and the confirm/cancel links), a cancellation told to
 * the patient, a patient's cancellation told to the therapist. Times in the therapist's zone, in Spanish. Each goes
 * through MailService (a `mail` job, retried). A cancellation's mail that cannot be queued is logged: the
 * cancellation itself stands, and its answer is not turned into an error.
 */
@Injectable()
export class AgendaMail {
  private readonly logger = new Logger('AgendaMail');

  constructor(
    private readonly em: EntityManager,
    private readonly mail: MailService,
    private readonly links: AppointmentLinks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Tells the patient that the therapist cancelled these appointments (one mail; the ones already past are left out). */
  async cancelledByTherapist(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    try {
      const rows = await execute<CancelledRow>(this.em, CANCELLED_SQL, [this.config.agenda.defaultTimeZone, ids.join(',')]);
      const byPatient = new Map<string, CancelledRow[]>();
      for (const row of rows) byPatient.set(row.paciente_email, [...(byPatient.get(row.paciente_email) ?? []), row]);
      for (const [to, list] of byPatient) {
        const first = list[0];
        const content = cancelledByTherapistMail({
          pacienteNombre: first.paciente_nombre,
          terapeutaNombre: first.terapeuta_nombre,
          zona: first.zona,
          inicios: list.map((r) => r.inicio),
          motivo: first.motivo,
        });
        await this.mail.send({ to, ...content });
      }
    } catch (error) {
      this.logger.warn(`The cancellation mail could not be queued: ${(error as Error).message}`);
    }
  }

  /**
   * Tells the therapist that the patient cancelled this appointment. Called by the cancelling code, inside its
   * transaction when it has one (the mailed link's), so it reads the reason just written.
   */
  async cancelledByPatient(id: string): Promise<void> {
    try {
      const [row] = await execute<CancelledRow>(this.em, CANCELLED_SQL, [this.config.agenda.defaultTimeZone, id]);
      if (!row) return;
      const content = cancelledByPatientMail({
        terapeutaNombre: row.terapeuta_nombre,
        pacienteNombre: row.paciente_nombre,
        pacienteApellido: row.paciente_apellido,
        zona: row.zona,
        inicio: row.inicio,
        motivo: row.motivo,
      });
      await this.mail.send({ to: row.terapeuta_email, ...content });
    } catch (error) {
      this.logger.warn(`The cancellation mail could not be queued: ${(error as Error).message}`);
    }
  }

  /** The reminder of a claimed appointment, ready to queue: the text, the two signed links, the .ics. */
  reminder(row: ClaimedReminder): OutgoingMail {
    const inicio = new Date(row.inicio_ms);
    const link = (accion: 'confirmar' | 'cancelar') =>
      `${this.config.publicUrl}/cita/${this.links.sign({ id: row.id, accion, startMs: row.inicio_ms })}`;
    const content = reminderMail({
      pacienteNombre: row.paciente_nombre,
      terapeutaNombre: row.terapeuta_nombre,
      zona: row.zona,
      inicio,
      duracionMinutos: row.duracion_minutos,
      modalidad: row.modalidad,
      lugarOEnlace: row.lugar_o_enlace,
      confirmUrl: link('confirmar'),
      cancelUrl: link('cancelar'),
      cancelHours: this.config.agenda.patientCancelHours,
      cancellable: row.cancelable,
    });
    // The patient's own calendar: the therapist's name, and where (the place or the call's link) is theirs to keep.
    const ics = calendarIcs({
      name: 'Consulta',
      publicUrl: this.config.publicUrl,
      events: [
        {
          id: row.id,
          inicio,
          fin: new Date(row.fin_ms),
          sequence: row.version,
          summary: `Cita con ${row.terapeuta_nombre}`,
          location: row.lugar_o_enlace ?? APPOINTMENT_MODE_LABELS[row.modalidad],
          description: howText(row.modalidad, row.lugar_o_enlace),
          cancelled: false,
          stamp: new Date(),
        },
      ],
    });
    return {
      to: row.paciente_email,
      ...content,
      attachments: [{ filename: 'cita.ics', content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
    };
  }
}
