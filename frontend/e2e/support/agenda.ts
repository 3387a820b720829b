import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, instantOf, todayIn, weekdayOf } from '../../src/therapist/agenda/zonedTime';
import { therapistToken } from '../helpers';

/** The demo therapist's zone (the server's default), in which the agenda shows and takes every time. */
export const ZONE = 'Europe/Madrid';

export const today = (): string => todayIn(ZONE);
/** The Monday of the week `weeks` weeks after this one (the agenda's weeks start on Monday). */
export function mondayIn(weeks: number): string {
  const t = today();
  return addDays(t, ((1 - weekdayOf(t) - 7) % 7) + 7 * weeks);
}
/** A day and time of the therapist's zone as the API takes it. */
export const at = (date: string, time: string): string => instantOf(date, time, ZONE)!;

/** The therapist's appointment calls, for what a test sets up or checks behind the screen. */
export async function agendaApi(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await therapistToken(request)}` };
  return {
    /** POST /citas (overlaps allowed: parallel tests share the demo therapist's agenda); answers the first appointment. */
    create: async (data: Record<string, unknown>) => {
      const res = await request.post('/api/v1/citas', {
        headers,
        data: { duracion_minutos: 50, modalidad: 'presencial', permitir_solapamiento: true, ...data },
      });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()).citas[0] as { id: string; inicio: string; estado: string };
    },
    list: async (desde: string, hasta: string, pacienteId: string) => {
      const res = await request.get(`/api/v1/citas?desde=${desde}&hasta=${hasta}&paciente_id=${pacienteId}`, { headers });
      expect(res.ok(), await res.text()).toBeTruthy();
      return (await res.json()) as { id: string; estado: string; inicio: string; sesion_id: string | null }[];
    },
  };
}

/** Goes forward `weeks` weeks in the agenda's toolbar. */
export async function nextWeeks(page: Page, weeks: number) {
  for (let i = 0; i < weeks; i++) await page.getByRole('button', { name: 'Siguiente' }).click();
}

/** Clicks the free slot of a day (YYYY-MM-DD) at a time ('07:00:00') in the week or day view. */
export async function clickSlot(page: Page, date: string, time: string) {
  const lane = page.locator(`[data-time="${time}"]`).last();
  await lane.scrollIntoViewIfNeeded();
  const day = page.locator(`[data-date="${date}"]`).last();
  const d = (await day.boundingBox())!;
  const t = (await lane.boundingBox())!;
  await page.mouse.click(d.x + d.width / 2, t.y + t.height / 2);
}

/** An appointment in the calendar (an element with the role of a button), by its time and patient. */
export const calendarEvent = (page: Page, time: string, patient: string) =>
  page.locator('.consulta-agenda [role="button"]').filter({ hasText: time }).filter({ hasText: patient });
