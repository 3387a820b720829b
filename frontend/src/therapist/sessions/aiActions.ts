import { isDraftBusy, type Session, type SessionDraft } from '@consulta/shared';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import type { SessionForm } from './sessionForm';

/**
 * Which AI actions a draft or a session offers, and how they are labelled. Pure: the
 * new-session panel and the session detail show what these say.
 */

const present = (text: string | null | undefined): boolean => Boolean(text && text.trim());

/** What an analysis reads (the server's rule too): the transcript, or what the therapist wrote. */
type AnalysableText = Pick<SessionForm, 'transcripcion' | 'notas' | 'temas_importantes' | 'intencion' | 'observaciones'>;
export const hasAnalysableContent = (c: { [K in keyof AnalysableText]: string | null }): boolean =>
  [c.transcripcion, c.notas, c.temas_importantes, c.intencion, c.observaciones].some(present);

export interface DraftAiActions {
  /** 'Transcribir video', 'Transcribir de nuevo', or null without a video. */
  transcribe: string | null;
  /** Starting it replaces a transcript (the therapist's edits too): ask first. */
  confirmTranscribe: boolean;
  /** 'Generar análisis IA', 'Regenerar análisis', or null with nothing to analyse. */
  analyze: string | null;
  confirmAnalyze: boolean;
  /** A job owns the draft: both wait. */
  busy: boolean;
  hasTranscript: boolean;
  hasAnalysis: boolean;
}

/**
 * The new-session form's AI actions: transcribing once the draft has a video (again after a transcript or a
 * failure), and the analysis once there is a transcript or notes.
 */
export function draftAiActions(draft: Pick<SessionDraft, 'estado' | 'archivo_video_info'>, form: SessionForm): DraftAiActions {
  const hasVideo = Boolean(draft.archivo_video_info?.file_key);
  const hasTranscript = form.segments.length > 0 || present(form.transcripcion);
  const hasAnalysis = present(form.analisis_ia) || present(form.analisis_ia_paciente);
  const again = hasTranscript || draft.estado === 'fallido';
  return {
    transcribe: hasVideo ? (again ? WORKSPACE_TEXT.ai.transcribeAgain : WORKSPACE_TEXT.ai.transcribe) : null,
    confirmTranscribe: hasTranscript,
    analyze: hasAnalysableContent(form) ? (hasAnalysis ? WORKSPACE_TEXT.ai.reanalyze : WORKSPACE_TEXT.ai.analyze) : null,
    confirmAnalyze: hasAnalysis,
    busy: isDraftBusy(draft.estado),
    hasTranscript,
    hasAnalysis,
  };
}

export interface SessionAnalysisView {
  generating: boolean;
  failed: boolean;
  hasAnalysis: boolean;
  hasPatientVersion: boolean;
  published: boolean;
  /** 'Generar análisis IA' or 'Regenerar análisis'; null with nothing to analyse. */
  analyze: string | null;
  /** 'Publicar para el paciente' is offered: a patient version not yet published, and no analysis running. */
  canPublish: boolean;
}

/** A saved session's analyses: the background job's state, and what the patient may read. */
export function sessionAnalysisView(session: Session): SessionAnalysisView {
  const generating = session.analisis_estado === 'generando';
  const hasAnalysis = present(session.analisis_ia) || present(session.analisis_ia_paciente);
  const hasPatientVersion = present(session.analisis_ia_paciente);
  const published = hasPatientVersion && session.analisis_ia_paciente_publicado;
  return {
    generating,
    failed: session.analisis_estado === 'fallido',
    hasAnalysis,
    hasPatientVersion,
    published,
    analyze: hasAnalysableContent(session) ? (hasAnalysis ? WORKSPACE_TEXT.ai.reanalyze : WORKSPACE_TEXT.ai.analyze) : null,
    canPublish: hasPatientVersion && !published && !generating,
  };
}
