import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { AGENDA_LIMITS, type AppointmentConflict } from '@consulta/shared';
import { execute } from '../common/sql/execute';
import { isoTimestamp } from '../common/sql/iso-timestamp';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { therapistZoneSql } from '../therapists/therapist-zone.sql';
import { APPOINTMENT_COLUMNS, APPOINTMENT_FROM } from './appointments.sql';
import type { AppointmentDto } from './dto/appointment.dto';

/** One end of a range: a day in the therapist's zone (its start, or for `hasta` the next day's), or an instant. */
export type RangeEnd = { day: string } | { instant: Date };
export interface AppointmentRange {
  desde: RangeEnd;
  hasta: RangeEnd;
}

/**
 * Read side of the agenda: rows already in the answer's shape, one statement each (the week's read uses the
 * therapist-and-start index; the zone of day bounds is resolved in the same statement).
 */
@Injectable()
export class AppointmentsQuery {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The therapist's appointments that overlap the range (of one patient, when given), in time order. The bounds are
   * one index range on (therapist_id, inicio): an appointment that ends after the range's start began at most
   * AGENDA_LIMITS.maxMinutes before it. The zone of day bounds is an init plan, computed once.
   */
  list(therapistId: string, range: AppointmentRange, patientId?: string): Promise<AppointmentDto[]> {
    const zone = `(${therapistZoneSql('?', '?')})`;
    const values: unknown[] = [];
    const bound = (end: RangeEnd, next: boolean) => {
      if ('instant' in end) {
        values.push(end.instant.toISOString());
        return `?::timestamptz`;
      }
      values.push(end.day, therapistId, this.config.agenda.defaultTimeZone);
      return `((?::date + ${next ? 1 : 0})::timestamp at time zone ${zone})`;
    };
    const upper = bound(range.hasta, true);
    const upperValues = values.splice(0);
    const lower = bound(range.desde, false);
    const lowerValues = values.splice(0);
    let where = `a.therapist_id = ? and a.inicio < ${upper} and a.inicio > ${lower} - interval '${AGENDA_LIMITS.maxMinutes} minutes' and a.fin > ${lower}`;
    const params = [therapistId, ...upperValues, ...lowerValues, ...lowerValues];
    if (patientId) {
      where += ' and a.patient_id = ?';
      params.push(patientId);
    }
    return execute<AppointmentDto>(
      this.em,
      `select ${APPOINTMENT_COLUMNS} ${APPOINTMENT_FROM} where ${where} order by a.inicio, a.id`,
      params,
    );
  }

  /** Every appointment of a patient, in time order. */
  ofPatient(patientId: string): Promise<AppointmentDto[]> {
    return execute<AppointmentDto>(
      this.em,
      `select ${APPOINTMENT_COLUMNS} ${APPOINTMENT_FROM} where a.patient_id = ? order by a.inicio, a.id`,
      [patientId],
    );
  }

  /** Appointments by id, in time order (what a write answers). */
  byIds(ids: string[]): Promise<AppointmentDto[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return execute<AppointmentDto>(
      this.em,
      `select ${APPOINTMENT_COLUMNS} ${APPOINTMENT_FROM} where a.id = any(string_to_array(?, ',')::uuid[]) order by a.inicio, a.id`,
      [ids.join(',')],
    );
  }

  /** The therapist's appointments, not cancelled nor among `except`, that overlap any of the spans (at most 20). */
  overlapping(
    em: EntityManager,
    therapistId: string,
    spans: { inicio: Date; fin: Date }[],
    except: string[],
  ): Promise<AppointmentConflict[]> {
    const list = (dates: Date[]) => dates.map((d) => d.toISOString()).join(',');
    // The whole series' span bounds the index range; each span is then checked on its own.
    const first = new Date(Math.min(...spans.map((s) => s.inicio.getTime())));
    const last = new Date(Math.max(...spans.map((s) => s.fin.getTime())));
    return execute<AppointmentConflict>(
      em,
      `select a.id, ${isoTimestamp('a.inicio')} as inicio, ${isoTimestamp('a.fin')} as fin,
         json_build_object('nombre', p.nombre, 'apellido', p.apellido) as paciente
       ${APPOINTMENT_FROM}
       where a.therapist_id = ? and a.estado <> 'cancelada' and a.id <> all(string_to_array(?, ',')::uuid[])
         and a.inicio < ?::timestamptz and a.inicio > ?::timestamptz - interval '${AGENDA_LIMITS.maxMinutes} minutes' and a.fin > ?::timestamptz
         and exists (select 1 from unnest(string_to_array(?, ',')::timestamptz[], string_to_array(?, ',')::timestamptz[]) as w(s, e)
                     where a.inicio < w.e and a.fin > w.s)
       order by a.inicio limit 20`,
      [
        therapistId,
        except.join(','),
        last.toISOString(),
        first.toISOString(),
        first.toISOString(),
        list(spans.map((s) => s.inicio)),
        list(spans.map((s) => s.fin)),
      ],
    );
  }
}
