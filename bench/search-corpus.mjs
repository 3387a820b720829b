// The session search benchmark's corpus: Spanish-looking sessions whose words follow a Zipf-like distribution (the
// r-th most frequent word appears about 1/r as often as the first), so queries can be drawn among very common,
// medium and rare words. The top of the vocabulary is real Spanish (function words, then a therapist's words); the
// long tail is made of Spanish-looking syllables, each a distinct word once normalized as the search reads it.
import { normalizeWord } from '../libs/shared/src/search-terms.ts';

const REAL = (
  'de la que el en y a los se del las un por con no una su para es al lo como más pero sus le ya o fue este ha sí ' +
  'porque esta entre cuando muy sin sobre también me hasta hay donde quien desde todo nos durante uno les ni contra ' +
  'otros ese eso ante ellos esto antes algunos qué unos yo otro otras otra él tanto esa estos mucho quienes nada ' +
  'muchos cual poco ella estar algunas algo nosotros mi tú te ti tu mis siento creo pienso noto semana trabajo madre ' +
  'padre pareja hijos familia sueño duelo miedo tristeza enojo culpa límites cuerpo respiración emociones recuerdo ' +
  'infancia relación terapia conflicto duda decisión cambio ansiedad insomnio autoestima vínculo confianza proceso ' +
  'objetivo tarea ejercicio avance tranquilidad cansancio angustia llanto rabia vergüenza soledad hermano hermana ' +
  'amigos jefe oficina casa noche mañana cabeza pecho estómago dolor pensamiento preocupación discusión separación ' +
  'pérdida muerte abuela abuelo colegio universidad examen viaje verano invierno domingo lunes reunión llamada mensaje ' +
  'teléfono médico pastillas medicación alcohol comida deporte caminar dormir despertar cansada cansado agotada ' +
  'contenta triste enfadada nerviosa tranquila sola perdida segura insegura orgullosa celos perdón despedida regalo ' +
  'cumpleaños navidad vacaciones mudanza alquiler dinero deuda préstamo contrato despido entrevista ascenso proyecto'
).split(' ');

const SYLLABLES = (
  'ba be bi bo bu ca co cu da de di do du fa fe fi fo fu ga go gu la le li lo lu ma me mi mo mu na ne ni no nu pa pe pi ' +
  'po pu ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo za zo cha che chi cho lla lle llo bra bre tra tre pla ' +
  'ple gra gri cri cro dra fla fra gla pra tri mar ver sol cal der tal men con'
).split(' ');

/** A deterministic pseudo-random generator (mulberry32). */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `size` words in rank order: the real ones first, then made-up ones, all distinct once normalized. */
export function vocabulary(size, seed = 42) {
  const next = random(seed);
  const words = [];
  const seen = new Set();
  const add = (word) => {
    const term = normalizeWord(word);
    if (!term || seen.has(term)) return;
    seen.add(term);
    words.push(word);
  };
  for (const word of REAL) add(word);
  while (words.length < size) {
    const syllables = 2 + Math.floor(next() * 3);
    add(Array.from({ length: syllables }, () => SYLLABLES[Math.floor(next() * SYLLABLES.length)]).join(''));
  }
  return words.slice(0, size);
}

/** Draws ranks (0-based) with probability ∝ 1 / (rank + 1): the cumulative weights and a binary search. */
export function zipf(size, next) {
  const cumulative = new Float64Array(size);
  let total = 0;
  for (let r = 0; r < size; r++) cumulative[r] = total += 1 / (r + 1);
  return () => {
    const u = next() * total;
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/**
 * Writes sessions: `words` words of transcript in turns of 10 to 60 words (two speakers, about 2.5 words a second),
 * a note of 80 to 200 words and a few important topics. `session(n)` answers one: its turns, transcript text
 * (one 'Speaker: text' line a turn, as the app keeps it), notes and topics.
 */
export function corpus({ vocabularySize = 50_000, words = 10_000, seed = 7 } = {}) {
  const vocab = vocabulary(vocabularySize);
  const next = random(seed);
  const rank = zipf(vocab.length, next);
  const sentence = (n) => {
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = vocab[rank()];
    const text = out.join(' ');
    return `${text[0].toUpperCase()}${text.slice(1)}.`;
  };
  return {
    vocab,
    session() {
      const segments = [];
      let time = 0.5 + next() * 3;
      for (let written = 0, turn = 0; written < words; turn++) {
        const n = Math.min(words - written, 10 + Math.floor(next() * 51));
        const seconds = n / 2.5;
        segments.push({
          speaker_label: turn % 2 === 0 ? 'Terapeuta' : 'Paciente',
          start_time: Math.round(time * 100) / 100,
          end_time: Math.round((time + seconds) * 100) / 100,
          text: sentence(n),
        });
        time += seconds + 0.3 + next();
        written += n;
      }
      return {
        segments,
        transcripcion: segments.map((s) => `${s.speaker_label}: ${s.text}`).join('\n'),
        notas: sentence(80 + Math.floor(next() * 121)),
        temas: sentence(4 + Math.floor(next() * 6)),
      };
    },
  };
}

/** Words of the vocabulary between ranks `from` and `to` (1-based, inclusive), `count` of them spread evenly. */
export function wordsBetween(vocab, from, to, count) {
  const step = Math.max(1, Math.floor((to - from + 1) / count));
  const out = [];
  for (let r = from; r <= to && out.length < count; r += step) out.push(vocab[r - 1]);
  return out;
}
