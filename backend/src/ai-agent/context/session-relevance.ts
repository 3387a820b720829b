/** What ranking reads of a session: its number, date and the texts it is known by (topics, analyses, notes). */
export interface Rankable {
  numero_sesion: number;
  /** ISO 8601. */
  fecha: string;
  text: string;
}

const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Words too common in a practice's texts to say which session a question is about. */
const STOPWORDS = new Set(
  (
    'sesion sesiones ultima ultimo ultimas ultimos paciente pacientes terapia terapeuta sobre donde cuando quien cual cuales ' +
    'como porque puedes podrias dime decir hablo hablamos hablaron tiene tienen tenia estaba estoy estas fueron fuera ' +
    'entre desde hasta durante despues antes ahora tambien mucho mucha muchos muchas algun alguna algunos algunas ' +
    'nuestra nuestro resumen resume explica cosas momento semana semanas hacer hecho trabajo trabajar'
  ).split(' '),
);

/** Session numbers a text names: "sesión 4", "sesiones 3 y 5", "la sesión nº 12". */
export function mentionedNumbers(text: string): number[] {
  const found: number[] = [];
  for (const m of fold(text).matchAll(/sesion(?:es)?\s+((?:(?:n(?:um(?:ero)?)?\s*[º°o.]?\s*|[º°#]\s*)?\d{1,5}(?:\s*(?:,|y|e|-)\s*)?)+)/g)) {
    for (const n of m[1].matchAll(/\d{1,5}/g)) found.push(Number(n[0]));
  }
  return found;
}

/** Dates a text names as dd/mm or dd/mm/yyyy, as 'mm-dd' keys. */
function mentionedDays(text: string): Set<string> {
  const days = new Set<string>();
  for (const m of text.matchAll(/\b(\d{1,2})\/(\d{1,2})(?:\/\d{2,4})?\b/g)) {
    days.add(`${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`);
  }
  return days;
}

const keywords = (text: string): string[] => [...new Set(fold(text).match(/\p{L}{5,}/gu) ?? [])].filter((w) => !STOPWORDS.has(w));

/**
 * Sessions in the order the assistant should be given them: those the question names (by number, by date, or
 * "la primera"), then those whose texts share most of the question's words, then the most recent.
 * `question` may carry the conversation's previous question too, for follow-ups ("¿y en la anterior?").
 */
export function rankSessions<T extends Rankable>(sessions: readonly T[], question: string, dayOf: (iso: string) => string): T[] {
  const named = new Set(mentionedNumbers(question));
  if (/\bprimera\s+sesion\b/.test(fold(question)) && sessions.length > 0) named.add(Math.min(...sessions.map((s) => s.numero_sesion)));
  const days = mentionedDays(question);
  const words = keywords(question);
  const scored = sessions.map((s) => {
    const folded = words.length > 0 ? fold(s.text) : '';
    return {
      s,
      named: named.has(s.numero_sesion) || days.has(dayOf(s.fecha)) ? 1 : 0,
      score: words.filter((w) => folded.includes(w)).length,
    };
  });
  scored.sort(
    (a, b) => b.named - a.named || b.score - a.score || b.s.fecha.localeCompare(a.s.fecha) || b.s.numero_sesion - a.s.numero_sesion,
  );
  return scored.map((x) => x.s);
}
