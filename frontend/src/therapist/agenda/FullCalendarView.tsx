import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './agendaCalendar.css';
import FullCalendar, { type CalendarOptions, type CalendarRef } from '@fullcalendar/react';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import esLocale from '@fullcalendar/react/locales/es';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import type { Ref } from 'react';

const PLUGINS = [timeGridPlugin, listPlugin, interactionPlugin, classicTheme];

/**
 * FullCalendar with the agenda's plugins (week, day, list, dragging), its Spanish locale and theme: the one module
 * that imports it, loaded lazily, so that its code and styles are a chunk of their own.
 */
export default function FullCalendarView({ calendarRef, ...options }: CalendarOptions & { calendarRef: Ref<CalendarRef> }) {
  return <FullCalendar ref={calendarRef} plugins={PLUGINS} locale={esLocale} {...options} />;
}
