import { EXERCISE_SUGGESTION_LIMITS, type ExerciseSuggestion } from '@consulta/shared';
import type { SuggestableExercise } from '../../exercises/bank/suggestable-exercises.sql';

/** The provider's answer is not the JSON object asked for. */
export class MalformedSuggestions extends Error {}

/** A ```json fence some OpenAI-compatible servers put around JSON even in JSON mode. */
const FENCE = /^```(?:json)?\s*([\s\S]*?)\s*```$/i;

/** The first sentence of `text`, on one line, within EXERCISE_SUGGESTION_LIMITS.reasonMax characters (cut at a word, '…'). */
export function oneSentence(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const sentence = /^.+?[.!?…](?=\s|$)/u.exec(line)?.[0] ?? line;
  const max = EXERCISE_SUGGESTION_LIMITS.reasonMax;
  if (sentence.length <= max) return sentence;
  const cut = sentence.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, '')}…`;
}

/**
 * The suggestions of the provider's `text` the therapist may see: a JSON object `{ sugerencias: [...] }` is required
 * (anything else throws MalformedSuggestions); of its items, only those naming an exercise it was `offered` (by
 * exact id), once each, with a reason, the first EXERCISE_SUGGESTION_LIMITS.max of them. An invented or foreign id,
 * a repeat or an item without a reason is dropped.
 */
export function readSuggestions(text: string, offered: readonly SuggestableExercise[]): ExerciseSuggestion[] {
  let parsed: unknown;
  try {
    const trimmed = text.trim();
    parsed = JSON.parse(FENCE.exec(trimmed)?.[1] ?? trimmed);
  } catch {
    throw new MalformedSuggestions('the answer is no JSON');
  }
  const list = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as { sugerencias?: unknown }).sugerencias : null;
  if (!Array.isArray(list)) throw new MalformedSuggestions('the answer has no "sugerencias" list');

  const byId = new Map(offered.map((e) => [e.id, e]));
  const picked: ExerciseSuggestion[] = [];
  for (const item of list) {
    if (picked.length === EXERCISE_SUGGESTION_LIMITS.max) break;
    if (!item || typeof item !== 'object') continue;
    const { ejercicio_id: id, motivo } = item as Record<string, unknown>;
    const exercise = typeof id === 'string' ? byId.get(id.trim().toLowerCase()) : undefined;
    if (!exercise || picked.some((p) => p.ejercicio_id === exercise.id)) continue;
    const reason = typeof motivo === 'string' ? oneSentence(motivo) : '';
    if (!reason) continue;
    picked.push({ ejercicio_id: exercise.id, titulo: exercise.titulo, categoria: exercise.categoria, motivo: reason });
  }
  return picked;
}
