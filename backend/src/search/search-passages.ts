import { searchTokens, type CamposDatos, type TranscriptSegment } from '@consulta/shared';
import type { PassageTurns } from './entities/session-search-passage.entity';
import { dayOf, placeLexemes } from './search-buckets';

/** About this many words make a passage: a field is cut in pieces of this size (the transcript in whole turns). */
export const PASSAGE_WORDS = 100;

/** What the index reads of a session (search-index.sql.ts). */
export interface SessionSource {
  id: string;
  patient_id: string;
  therapist_id: string;
  /** ISO 8601. */
  fecha: string;
  notas: string | null;
  temas_importantes: string | null;
  observaciones: string | null;
  intencion: string | null;
  tipo_medicina: string | null;
  transcripcion: string | null;
  transcripcion_segmentos: TranscriptSegment[] | null;
  analisis_ia: string | null;
  analisis_ia_paciente: string | null;
  campos_datos: CamposDatos | null;
}

/** A passage as the index stores it: `terms` are its words, then the lexemes that place it (search-buckets.ts). */
export interface PassageRow {
  session_id: string;
  campo: string;
  texto: string;
  turnos: PassageTurns | null;
  terms: string;
}

/** A line of a text, or a transcript turn with its start (seconds; null when the text has no times). */
interface Unit {
  text: string;
  start: number | null;
  terms: string[];
}

const TEXT_FIELDS = ['notas', 'temas_importantes', 'observaciones', 'intencion', 'tipo_medicina'] as const;
const ANALYSES = ['analisis_ia', 'analisis_ia_paciente'] as const;

/**
 * Every passage of a session: its texts (each line a unit), the transcript (its turns with their times when the
 * session keeps them, else its lines), the analyses, and the text values of its custom fields (campo = the field's
 * name; numbers, checkboxes and empty values are not text to search).
 */
export function sessionPassages(s: SessionSource): PassageRow[] {
  const rows: PassageRow[] = [];
  const place = placeLexemes(s.therapist_id, s.patient_id, dayOf(s.fecha)).join(' ');
  const add = (campo: string, units: Unit[]) => {
    for (const p of pack(units)) rows.push({ session_id: s.id, campo, ...p, terms: `${p.terms} ${place}` });
  };
  for (const campo of TEXT_FIELDS) add(campo, lines(s[campo]));
  add('transcripcion', s.transcripcion_segmentos?.length ? turns(s.transcripcion_segmentos) : lines(s.transcripcion));
  for (const campo of ANALYSES) add(campo, lines(s[campo]));
  for (const [name, value] of Object.entries(s.campos_datos ?? {})) if (typeof value === 'string') add(name, lines(value));
  return rows;
}

const unit = (text: string, start: number | null): Unit => ({ text, start, terms: searchTokens(text).map((t) => t.term) });

function lines(text: string | null): Unit[] {
  if (!text) return [];
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => unit(line, null));
}

/** A turn reads as the transcript shows it: 'Hablante 1: …'. */
function turns(segments: TranscriptSegment[]): Unit[] {
  return segments
    .map((s) => ({ text: (s.speaker_label ? `${s.speaker_label}: ${s.text}` : s.text).replace(/\s+/g, ' ').trim(), start: s.start_time }))
    .filter((s) => s.text)
    .map((s) => unit(s.text, Number.isFinite(s.start) ? s.start : null));
}

/**
 * Consecutive whole units up to PASSAGE_WORDS words; a longer unit is cut into pieces of PASSAGE_WORDS words, each
 * keeping the unit's start. Units without a searchable word are left out.
 */
function pack(units: Unit[]): Omit<PassageRow, 'session_id' | 'campo'>[] {
  const out: Omit<PassageRow, 'session_id' | 'campo'>[] = [];
  let current: Unit[] = [];
  let words = 0;
  const close = () => {
    if (current.length > 0) out.push(passage(current));
    current = [];
    words = 0;
  };
  for (const u of units) {
    if (u.terms.length === 0) continue;
    if (u.terms.length > PASSAGE_WORDS) {
      close();
      for (const piece of pieces(u)) out.push(passage([piece]));
      continue;
    }
    if (words + u.terms.length > PASSAGE_WORDS) close();
    current.push(u);
    words += u.terms.length;
  }
  close();
  return out;
}

/** A long unit cut at every PASSAGE_WORDS-th word (the first piece keeps what comes before its first word). */
function pieces(u: Unit): Unit[] {
  const tokens = searchTokens(u.text);
  const out: Unit[] = [];
  for (let i = 0; i < tokens.length; i += PASSAGE_WORDS) {
    const from = i === 0 ? 0 : tokens[i].start;
    const to = i + PASSAGE_WORDS < tokens.length ? tokens[i + PASSAGE_WORDS].start : u.text.length;
    out.push({ text: u.text.slice(from, to).trim(), start: u.start, terms: u.terms.slice(i, i + PASSAGE_WORDS) });
  }
  return out;
}

function passage(units: Unit[]): Omit<PassageRow, 'session_id' | 'campo'> {
  const turnos: PassageTurns = [];
  let offset = 0;
  for (const u of units) {
    if (u.start !== null) turnos.push([offset, u.start]);
    offset += u.text.length + 1;
  }
  return {
    texto: units.map((u) => u.text).join('\n'),
    turnos: turnos.length > 0 ? turnos : null,
    terms: units.flatMap((u) => u.terms).join(' '),
  };
}
