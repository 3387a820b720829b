import { ICalCalendar, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/** One appointment as an iCalendar event. Times go out in UTC (`…Z`): every client shows them in its own zone. */
export interface IcsEvent {
  id: string;
  inicio: Date;
  fin: Date;
  /** The row's `version`: a calendar replaces what it holds for the UID when it sees a higher one. */
  sequence: number;
  summary: string;
  location: string | null;
  description: string | null;
  cancelled: boolean;
  /** When the row last changed (DTSTAMP). */
  stamp: Date;
}

/** The UID of an appointment wherever it goes (the feed, a reminder's attachment): stable for its whole life. */
export const appointmentUid = (id: string, publicUrl: string): string => `${id}@${new URL(publicUrl).hostname}`;

/**
 * An iCalendar document with METHOD:PUBLISH. PUBLISH, not REQUEST: REQUEST is an invitation (RFC 5546) that needs an
 * ORGANIZER and ATTENDEEs, and mail clients then offer Accept/Decline buttons whose replies would go to the
 * no-reply sender and change nothing in Consulta. With PUBLISH the patient's client only offers to add (or update,
 * by UID and SEQUENCE) the event; confirming and cancelling go through the mailed links, which do change the
 * appointment. The feed is PUBLISH by nature (a read-only subscription).
 */
export function calendarIcs(options: { name: string; publicUrl: string; events: IcsEvent[]; refreshMinutes?: number }): string {
  const calendar = new ICalCalendar({
    name: options.name,
    prodId: { company: 'Consulta', product: 'Agenda', language: 'ES' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: options.refreshMinutes ? options.refreshMinutes * 60 : null,
  });
  for (const event of options.events) {
    calendar.createEvent({
      id: appointmentUid(event.id, options.publicUrl),
      start: event.inicio,
      end: event.fin,
      stamp: event.stamp,
      sequence: event.sequence,
      summary: event.summary,
      location: event.location,
      description: event.description,
      status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
