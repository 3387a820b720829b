import type { AiChatSource } from '@consulta/shared';

/**
 * Data as the model reads it: compact JSON in which no '<' remains, so a transcript or a note can never write
 * the closing tag of the block it sits in.
 */
export const dataJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/** Characters left for the data of one prompt. */
export class Budget {
  private used = 0;
  constructor(private readonly max: number) {}

  get remaining(): number {
    return this.max - this.used;
  }

  /** Takes `chars` if they fit. */
  take(chars: number): boolean {
    if (chars > this.remaining) return false;
    this.used += chars;
    return true;
  }

  /** Takes the size of `value` as data (plus its separator) if it fits. */
  takeValue(value: unknown): boolean {
    return this.take(dataJson(value).length + 1);
  }
}

/** The items of a list that fit, in order (the first that does not fit ends it), and how many were left out. */
export function takeList<T>(items: readonly T[], budget: Budget): { items: T[]; omitted: number } {
  const taken: T[] = [];
  for (const item of items) {
    if (!budget.takeValue(item)) break;
    taken.push(item);
  }
  return { items: taken, omitted: items.length - taken.length };
}

/** A text cut to `max` characters, saying so. */
export function clip(text: string | null | undefined, max: number): string | null {
  if (text === null || text === undefined || text.trim() === '') return null;
  return text.length > max ? `${text.slice(0, max)} […]` : text;
}

/** A session the assistant may be given: what it shows without its transcript, and how long that transcript is. */
export interface SessionCandidate {
  id: string;
  numero_sesion: number;
  /** ISO 8601. */
  fecha: string;
  entry: Record<string, unknown>;
  /** A lower bound of the entry's size as data (its texts' characters), to skip without measuring what cannot fit. */
  minSize?: number;
  /** Bytes of its transcript (at least its characters); 0 when it has none. */
  transcriptSize: number;
}

/** Reads the first `chars` characters of the transcripts asked for, by session id. */
export type TranscriptReader = (wanted: { id: string; chars: number }[]) => Promise<Map<string, string>>;

export interface PackedSessions {
  /** What the assistant is given, most recent first. */
  entries: Record<string, unknown>[];
  sources: AiChatSource[];
  /** Numbers of the sessions left out. */
  omitted: number[];
}

/** The share of the sessions' room their summaries may take before transcripts get theirs. */
const SUMMARY_SHARE = 0.6;
/** A transcript excerpt shorter than this says too little to be worth its room. */
const MIN_EXCERPT = 600;

/**
 * Fits a patient's sessions, ranked most relevant first, into what is left of the budget (the rule: most
 * recent and most relevant first, analyses before raw transcripts):
 * 1. summaries (notes, analyses: everything but the transcript) in rank order, up to SUMMARY_SHARE of the room;
 * 2. the transcripts of the sessions taken, in rank order, the last one cut to what is left;
 * 3. more summaries, if room remains (a patient without transcripts gets them all).
 * Only the transcripts that can fit are read, and only as much of each as can fit.
 */
export async function packSessions(
  ranked: readonly SessionCandidate[],
  budget: Budget,
  readTranscripts: TranscriptReader,
): Promise<PackedSessions> {
  const taken = new Map<string, Record<string, unknown>>();
  const sizes = new Map<string, number>();
  /** Takes the summary of `c` if it fits in what is left over `reserve`. */
  const takeSummary = (c: SessionCandidate, reserve: number): void => {
    if ((c.minSize ?? 0) > budget.remaining - reserve) return;
    const size = sizes.get(c.id) ?? dataJson(c.entry).length + 1;
    sizes.set(c.id, size);
    if (size <= budget.remaining - reserve && budget.take(size)) taken.set(c.id, { ...c.entry });
  };

  const transcriptRoom = budget.remaining * (1 - SUMMARY_SHARE);
  for (const c of ranked) takeSummary(c, transcriptRoom);

  const wanted: { id: string; chars: number }[] = [];
  let planned = 0;
  for (const c of ranked) {
    if (planned >= budget.remaining) break;
    if (!taken.has(c.id) || c.transcriptSize === 0) continue;
    const chars = Math.min(c.transcriptSize, budget.remaining);
    wanted.push({ id: c.id, chars });
    planned += chars;
  }
  const transcripts = wanted.length > 0 ? await readTranscripts(wanted) : new Map<string, string>();
  for (const { id } of wanted) {
    const text = transcripts.get(id);
    if (text) addTranscript(taken.get(id)!, text, budget);
  }

  for (const c of ranked) if (!taken.has(c.id)) takeSummary(c, 0);

  const included = ranked
    .filter((c) => taken.has(c.id))
    .sort((a, b) => b.fecha.localeCompare(a.fecha) || b.numero_sesion - a.numero_sesion);
  const left = ranked.filter((c) => !taken.has(c.id)).map((c) => c.numero_sesion);
  return {
    entries: included.map((c) => taken.get(c.id)!),
    sources: included.map((c) => ({ numero_sesion: c.numero_sesion, fecha: c.fecha })),
    omitted: left,
  };
}

/** Adds `text` as the entry's transcript, whole or cut to the room left (nothing when too little is left). */
function addTranscript(entry: Record<string, unknown>, text: string, budget: Budget): void {
  const field = dataJson({ transcripcion: '' }).length - 1; // `"transcripcion":""` and its comma
  let room = budget.remaining - field;
  if (room < MIN_EXCERPT) return;
  let excerpt = text;
  for (let i = 0; i < 5; i++) {
    const size = dataJson(excerpt).length - 2;
    if (size <= room) {
      budget.take(size + field);
      entry.transcripcion = excerpt;
      return;
    }
    // Escapes make JSON longer than the text: cut in proportion, then measure again.
    const keep = Math.floor((excerpt.length * room) / size) - 60;
    if (keep < MIN_EXCERPT) return;
    excerpt = `${text.slice(0, keep)} [… transcripción recortada]`;
    room = budget.remaining - field;
  }
}

/** [1, 2, 3, 5, 7, 8] → '1-3, 5, 7-8'. */
export function ranges(numbers: number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i];
    while (i + 1 < sorted.length && sorted[i + 1] === sorted[i] + 1) i++;
    parts.push(start === sorted[i] ? String(start) : `${start}-${sorted[i]}`);
  }
  return parts.join(', ');
}
