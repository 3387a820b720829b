import type { Appointment, CreateAppointmentPayload } from '@consulta/shared';
import ICAL from 'ical.js';
import { API, api, bearer, type AppTarget, type Session } from './api';
import type { ReceivedMail } from './mailbox';

/** What the agenda's mail and feed tests read: iCalendar parsed with ical.js, the links of a reminder. */

export interface ParsedEvent {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location: string | null;
  description: string | null;
  status: string | null;
  sequence: number;
}

/** An iCalendar text parsed with ical.js: its METHOD and its events. */
export function parseIcs(text: string): { method: string | null; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      summary: event.summary,
      location: event.location ?? null,
      description: event.description ?? null,
      status: (vevent.getFirstPropertyValue('status') as string | null) ?? null,
      sequence: event.sequence,
    };
  });
  return { method: (calendar.getFirstPropertyValue('method') as string | null) ?? null, events };
}

/** The appointment links (`{PUBLIC_URL}/cita/{token}`) of a mail's text, in order: confirm first, then cancel. */
export function appointmentLinks(mail: ReceivedMail): URL[] {
  return (mail.text.match(/https?:\/\/\S+/g) ?? []).map((l) => new URL(l)).filter((u) => u.pathname.startsWith('/cita/'));
}

/** POST /citas on any app (201 expected): 50 minutes, presencial, overlaps allowed unless told. */
export async function bookAppointments(
  target: Pick<AppTarget, 'appUrl'>,
  therapist: Session,
  body: Partial<CreateAppointmentPayload> & Pick<CreateAppointmentPayload, 'paciente_id' | 'inicio'>,
): Promise<Appointment[]> {
  const res = await api(target)
    .post(`${API}/citas`)
    .set(bearer(therapist.token))
    .send({ duracion_minutos: 50, modalidad: 'presencial', permitir_solapamiento: true, ...body });
  if (res.status !== 201) throw new Error(`POST /citas answered ${res.status}: ${res.text}`);
  return (res.body as { citas: Appointment[] }).citas;
}
