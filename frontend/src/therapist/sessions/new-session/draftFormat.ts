import {
  DRAFT_ID_DISPLAY,
  DRAFT_JOB_TEXT,
  isDraftCancellable,
  draftStatusText,
  isDraftTerminal,
  type DraftState,
  type SessionDraft,
} from '@consulta/shared';
import { WORKSPACE_TEXT } from '../../../i18n/es/workspace';
import { LOCALE } from '../../../i18n/format';

/** A draft id as shown: its first 8 characters, '#abcdef12'. */
export const shortDraftId = (id: string): string => `#${id.slice(0, DRAFT_ID_DISPLAY)}`;

export const draftTitle = (draft: Pick<SessionDraft, 'titulo'>): string => draft.titulo?.trim() || WORKSPACE_TEXT.newSession.untitledDraft;

/** A progress bar is shown for 1-99. */
export const showsProgress = (progreso: number): boolean => progreso >= 1 && progreso <= 99;

/** The status text's colour: completed green, failed red, cancelled grey, in progress blue. */
export function statusColor(estado: DraftState | string): string {
  switch (estado) {
    case 'borrador':
      return 'text.secondary';
    case 'completado':
      return 'success.main';
    case 'fallido':
      return 'error.main';
    case 'cancelado':
      // Grey, dark enough to read (text.disabled is below the contrast minimum).
      return 'grey.700';
    default:
      return 'info.main';
  }
}

export interface DraftJobStatusView {
  /** The spec's status text ('Generando transcripción...'). */
  text: string;
  color: string;
  /** The bar's value, or null when no bar shows (outside 1-99, or a finished draft). */
  percent: number | null;
  /** What a running job does (DRAFT_JOB_TEXT), or null. */
  detail: string | null;
  /** The bar's words, 'Procesando... 42%' (the spec's in-progress text), or null without a bar. */
  percentText: string | null;
}

/** The processing display of a draft: text, colour, the bar while in progress, the job's line. */
export function draftJobStatus({ estado, progreso }: Pick<SessionDraft, 'estado' | 'progreso'>): DraftJobStatusView {
  const percent = !isDraftTerminal(estado) && showsProgress(progreso) ? Math.round(progreso) : null;
  return {
    text: draftStatusText(estado, progreso),
    color: statusColor(estado),
    percent,
    detail: Object.hasOwn(DRAFT_JOB_TEXT, estado) ? DRAFT_JOB_TEXT[estado as keyof typeof DRAFT_JOB_TEXT] : null,
    percentText: percent === null ? null : processingText(percent),
  };
}

/** The spec's in-progress text: 'Procesando... 42%'. */
export const processingText = (percent: number): string => `Procesando... ${Math.round(percent)}%`;

/**
 * The job this page followed (a transcription or an analysis) has ended with its result: the draft is back in
 * 'borrador' from the job's state. The spec's
 * 'Procesamiento completado' (green) says so, instead of 'Borrador guardado'.
 */
export const jobJustCompleted = (before: DraftState | null, now: DraftState): boolean =>
  before !== null && isDraftCancellable(before) && now === 'borrador';

/** 14:05 */
export const formatTimeEs = (date: Date): string => date.toLocaleTimeString(LOCALE, { hour: '2-digit', minute: '2-digit' });
