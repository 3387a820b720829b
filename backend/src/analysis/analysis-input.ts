import { BUILT_IN_SESSION_TYPES, type TranscriptSegment } from '@consulta/shared';
import type { Execute } from '../common/sql/execute';
import { transcriptForAnalysis, type AnalysisInput } from './analysis-prompts';
import { DRAFT_WITH_TYPE_FROM } from '../drafts/draft-reads.sql';
import { SESSION_FROM } from '../sessions/sessions.sql';

/**
 * What the AI reads of a session or a draft (the analyses, the exercise suggestions): the columns below, the type
 * by its name, the transcript as text.
 */

/** The columns an analysis reads, of a session (`s`) or a draft (`s` too), with the type's name (`t`). */
const INPUT_COLUMNS = `s.patient_id, s.fecha, coalesce(s.tipo_sesion, t.nombre) as tipo, s.duracion_minutos, s.notas, s.temas_importantes,
  s.intencion, s.tipo_medicina, s.cantidad, s.observaciones, s.campos_datos`;

type InputRow = Omit<AnalysisInput, 'transcripcion' | 'fecha'> & { fecha: Date | string | null; patient_id: string };

/** What the AI reads of a session or draft, and whose it is (the provider's requests name their patient). */
export interface AnalysedSession {
  input: AnalysisInput;
  patientId: string;
}

const typeLabel = (tipo: string | null) => BUILT_IN_SESSION_TYPES.find((t) => t.value === tipo)?.label ?? tipo;

function toInput({ patient_id, ...row }: InputRow, transcripcion: string | null): AnalysedSession {
  const fecha = row.fecha instanceof Date ? row.fecha.toISOString() : row.fecha;
  const cantidad = row.cantidad === null ? null : Number(row.cantidad);
  return { input: { ...row, fecha, tipo: typeLabel(row.tipo), cantidad, transcripcion }, patientId: patient_id };
}

/** A draft's input (with `onlyIn`, only while the draft is in that state). */
export async function draftAnalysisInput(execute: Execute, draftId: string, onlyIn?: 'procesando'): Promise<AnalysedSession | null> {
  const [row] = (await execute(
    `select ${INPUT_COLUMNS}, s.archivo_video_info ->> 'script_text' as script_text, s.archivo_video_info -> 'transcript' as transcript
     ${DRAFT_WITH_TYPE_FROM} where s.id = ?${onlyIn ? ` and s.estado = 'procesando'` : ''}`,
    [draftId],
  )) as (InputRow & { script_text: string | null; transcript: TranscriptSegment[] | null })[];
  if (!row) return null;
  const { script_text, transcript, ...fields } = row;
  return toInput(fields, transcriptForAnalysis(script_text, transcript));
}

/** A saved session's input (with `onlyRunning`, only while its analysis is being generated). */
export async function sessionAnalysisInput(execute: Execute, sessionId: string, onlyRunning = false): Promise<AnalysedSession | null> {
  const [row] = (await execute(
    `select ${INPUT_COLUMNS}, s.transcripcion ${SESSION_FROM}
     where s.id = ?${onlyRunning ? ` and s.analisis_estado = 'generando'` : ''}`,
    [sessionId],
  )) as (InputRow & { transcripcion: string | null })[];
  if (!row) return null;
  const { transcripcion, ...fields } = row;
  return toInput(fields, transcripcion);
}
