import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import {
  AGENDA_LIMITS,
  APPOINTMENT_MODE_LABELS,
  initials,
  MSG,
  type AppointmentMode,
  type CalendarFeedResponse,
  type CalendarFeedStatus,
} from '@consulta/shared';
import type { User } from '../auth/entities/user.entity';
import { problem } from '../common/errors/error.dto';
import { hashToken, newOneTimeToken } from '../common/security/one-time-token';
import { execute } from '../common/sql/execute';
import { isoTimestamp } from '../common/sql/iso-timestamp';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { calendarIcs, type IcsEvent } from './agenda-ics';
import { epochMs } from './appointment-reminders.sql';
import { joinPatient } from '../patients/patient-reads.sql';

interface FeedRow {
  /** Null when the feed exists and holds no appointment (the left join's one row). */
  id: string | null;
  inicio_ms: number;
  fin_ms: number;
  stamp_ms: number;
  estado: string;
  modalidad: AppointmentMode;
  version: number;
  nombre: string;
  apellido: string;
}

/**
 * The feed's events, in one statement: the feed by its token's hash (a unique index), then the therapist's
 * appointments from FEED_DAYS_BACK days back to FEED_DAYS_AHEAD ahead on appointments_therapist_start_idx. Only what
 * an outside calendar may hold is read: times, state, modality, version, and the patient's names for their initials.
 */
const FEED_SQL = `
select a.id, ${epochMs('a.inicio')} as inicio_ms, ${epochMs('a.fin')} as fin_ms, ${epochMs('a.fecha_actualizacion')} as stamp_ms,
  a.estado, a.modalidad, a.version, p.nombre, p.apellido
from calendar_feeds f
left join appointments a on a.therapist_id = f.therapist_id
  and a.inicio >= now() - make_interval(days => ?) and a.inicio < now() + make_interval(days => ?)
${joinPatient('a.patient_id', 'p', true)}
where f.token_hash = ?
order by a.inicio, a.id`;

/**
 * A therapist's secret calendar feed (`/calendario/{token}.ics`), for their own calendar app. The token (256 bits) is
 * shown once; only its SHA-256 is kept, one per therapist: a new one replaces the old, revoking deletes it.
 *
 * What the feed carries, for a calendar outside the practice (another company's servers, a phone's lock screen): the
 * time, 'Sesión · L. F.' (initials), the modality word, the state, nothing else. Not the place or the video call's
 * link: the link lets whoever holds it into the patient's session, and the place (a home visit, a hospital room) can
 * say who the patient is; the agenda in Consulta has both. Times are UTC (`…Z`), which every client shows in its zone.
 */
@Injectable()
export class CalendarFeedService {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async status(user: User): Promise<CalendarFeedStatus> {
    const [row] = await execute<{ creado_en: string }>(
      this.em,
      `select ${isoTimestamp('creado_en')} as creado_en from calendar_feeds where therapist_id = ?`,
      [user.id],
    );
    return { activo: !!row, creado_en: row?.creado_en ?? null };
  }

  /** A new secret URL, replacing the one before (which then answers 404). */
  async create(user: User): Promise<CalendarFeedResponse> {
    const { token, hash } = newOneTimeToken();
    await execute(
      this.em,
      `insert into calendar_feeds (therapist_id, token_hash, creado_en) values (?, ?, now())
       on conflict (therapist_id) do update set token_hash = excluded.token_hash, creado_en = excluded.creado_en`,
      [user.id, hash],
    );
    return { url: `${this.config.publicUrl}/api/v1/calendario/${token}.ics` };
  }

  async revoke(user: User): Promise<void> {
    await execute(this.em, `delete from calendar_feeds where therapist_id = ?`, [user.id]);
  }

  /** The feed as iCalendar text, or 404 for a token that is not (or no longer) a feed's. */
  async ics(token: string): Promise<string> {
    const rows = /^[A-Za-z0-9_-]{43}$/.test(token)
      ? await execute<FeedRow>(this.em, FEED_SQL, [AGENDA_LIMITS.feedDaysBack, AGENDA_LIMITS.feedDaysAhead, hashToken(token)])
      : [];
    if (rows.length === 0) throw new NotFoundException(problem(MSG.agenda.feedNotFound, 'NOT_FOUND'));
    const events: IcsEvent[] = rows
      .filter((r) => r.id !== null)
      .map((r) => ({
        id: r.id!,
        inicio: new Date(r.inicio_ms),
        fin: new Date(r.fin_ms),
        sequence: r.version,
        summary: `Sesión · ${initials(r.nombre, r.apellido)}`,
        location: APPOINTMENT_MODE_LABELS[r.modalidad],
        description: null,
        cancelled: r.estado === 'cancelada',
        stamp: new Date(r.stamp_ms),
      }));
    return calendarIcs({ name: 'Consulta · Agenda', publicUrl: this.config.publicUrl, events, refreshMinutes: 15 });
  }
}
