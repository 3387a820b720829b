import type { CalendarRef, DatesSetInfo, EventDropInfo, EventInput } from '@fullcalendar/react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ACTIVE_APPOINTMENT_STATES, type Appointment } from '@consulta/shared';
import { Suspense, lazy, useMemo, useRef, useState } from 'react';
import { Loading } from '../../components/LoadStates';
import { STATE_LOOK } from '../../components/agenda/appointmentStates';
import { AGENDA_TEXT } from '../../i18n/es/agenda';
import { AgendaEvent } from './AgendaEvent';
import { AgendaToolbar, type AgendaView } from './AgendaToolbar';
import { useAppointments } from './agendaQueries';
import { moveToPayload } from './appointmentForm';
import type { AppointmentRange } from './calls';
import { useAppointmentMove } from './useAppointmentMove';
import { visibleHours } from './visibleHours';
import { addDays, wallClockOf } from './zonedTime';

/** The week view needs this much width; narrower screens get the day and the list. */
export const WIDE_QUERY = '(min-width:900px)';

/** FullCalendar and its styles: a chunk of their own, loaded when the agenda opens (not with the shell). */
const FullCalendarView = lazy(() => import('./FullCalendarView'));
const TIME_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

const isActive = (a: Appointment) => (ACTIVE_APPOINTMENT_STATES as readonly string[]).includes(a.estado);

/** An appointment as the calendar draws it: coloured by its state, movable while it still takes up its time. */
function toEvent(appointment: Appointment): EventInput {
  const look = STATE_LOOK[appointment.estado];
  return {
    id: appointment.id,
    start: appointment.inicio,
    end: appointment.fin,
    title: `${appointment.paciente.nombre} ${appointment.paciente.apellido}`,
    color: look.background,
    contrastColor: look.color,
    className: `agenda-event agenda-event--${appointment.estado}`,
    editable: isActive(appointment),
    extendedProps: { appointment },
  };
}

/**
 * The agenda's calendar (FullCalendar, in the therapist's zone): the week at 900 px and wider, the day or the list
 * on a phone; today marked, the current time a line. A free slot opens a new appointment there, an appointment its
 * dialog; dragging moves one (resizing changes its duration).
 */
export function AgendaCalendar({
  zone,
  showCancelled,
  onSlot,
  onOpen,
}: {
  zone: string;
  showCancelled: boolean;
  onSlot: (start: Date) => void;
  onOpen: (appointment: Appointment) => void;
}) {
  const wide = useMediaQuery(WIDE_QUERY, { noSsr: true });
  const calendar = useRef<CalendarRef>(null);
  const api = () => calendar.current?.getApi();
  const [title, setTitle] = useState('');
  const [range, setRange] = useState<AppointmentRange | null>(null);
  const [view, setView] = useState<AgendaView>(wide ? 'timeGridWeek' : 'listWeek');
  const appointments = useAppointments(range, { reportFailure: true });
  const mover = useAppointmentMove(zone);
  const shownAppointments = useMemo(
    () => (appointments.data ?? []).filter((a) => showCancelled || a.estado !== 'cancelada'),
    [appointments.data, showCancelled],
  );
  const events = useMemo(() => shownAppointments.map(toEvent), [shownAppointments]);
  // The whole day in the page (no scrolling pane inside the calendar): the working hours, widened to every appointment.
  const hours = useMemo(() => visibleHours(shownAppointments, zone), [shownAppointments, zone]);

  function datesSet(info: DatesSetInfo) {
    // The days of the zone the view spans (its end is exclusive).
    const desde = wallClockOf(info.start, zone).date;
    const hasta = addDays(wallClockOf(info.end, zone).date, -1);
    setRange((current) =>
      current?.desde === desde && current.hasta === hasta ? current : { desde, hasta: hasta < desde ? desde : hasta },
    );
    setView(info.view.type as AgendaView);
    setTitle(info.view.title);
  }

  function moved(info: Pick<EventDropInfo, 'event' | 'revert'>) {
    const appointment = info.event.extendedProps.appointment as Appointment;
    if (!info.event.start) return info.revert();
    mover.move({ appointment, payload: moveToPayload(info.event.start, info.event.end, appointment), revert: info.revert });
  }

  // A phone never shows the week: it changes to the day when the window narrows.
  const shown: AgendaView = !wide && view === 'timeGridWeek' ? 'timeGridDay' : view;
  const list = shown === 'listWeek';
  return (
    <Box className="consulta-agenda" sx={{ position: 'relative' }}>
      <AgendaToolbar
        title={title}
        view={shown}
        wide={wide}
        onToday={() => api()?.today()}
        onPrevious={() => api()?.prev()}
        onNext={() => api()?.next()}
        onView={(v) => api()?.changeView(v)}
      />
      {appointments.isFetching && (
        <LinearProgress aria-label={AGENDA_TEXT.loading} sx={{ position: 'absolute', left: 0, right: 0, zIndex: 3, mt: '-4px' }} />
      )}
      <Suspense fallback={<Loading text={AGENDA_TEXT.loading} />}>
        <FullCalendarView
          key={`${wide ? 'wide' : 'narrow'}`}
          calendarRef={calendar}
          timeZone={zone}
          initialView={shown}
          headerToolbar={false}
          events={events}
          datesSet={datesSet}
          height="auto"
          slotMinTime={hours.min}
          slotMaxTime={hours.max}
          nowIndicator
          allDaySlot={false}
          slotDuration="00:30:00"
          slotMinHeight={28}
          eventShortHeight={40}
          snapDuration="00:15:00"
          slotHeaderFormat={TIME_FORMAT}
          eventTimeFormat={TIME_FORMAT}
          dayHeaderFormat={
            wide && shown === 'timeGridWeek'
              ? { weekday: 'short', day: 'numeric', month: 'numeric' }
              : { weekday: 'long', day: 'numeric', month: 'long' }
          }
          titleFormat={
            shown === 'timeGridDay'
              ? { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }
              : { day: 'numeric', month: 'short', year: 'numeric' }
          }
          editable
          eventDurationEditable
          eventInteractive
          noEventsText={AGENDA_TEXT.noEvents}
          dateClick={(info) => !info.allDay && onSlot(info.date)}
          eventClick={(info) => {
            info.jsEvent.preventDefault();
            onOpen(info.event.extendedProps.appointment as Appointment);
          }}
          eventDrop={moved}
          eventResize={moved}
          eventContent={(arg) => (
            <AgendaEvent appointment={arg.event.extendedProps.appointment as Appointment} zone={zone} compact={arg.isShort} list={list} />
          )}
        />
      </Suspense>
      {mover.element}
    </Box>
  );
}
