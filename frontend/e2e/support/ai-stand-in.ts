// The AI provider of the browser tests: the OpenAI-compatible peer of the backend tests, on E2E_AI_PORT, answering
// the demo video's real dialogue as its diarized transcript and two short analyses, each after a pause long
// enough for the page to show its status texts; and the assistants' questions, streamed word by word, from the
// data each was sent (a question containing "[fallo]" makes the provider fail); and the exercise suggestions, in JSON
// mode, from the bank and the session it was sent (see suggestionAnswer). Started by playwright.config.ts (Node runs
// the TypeScript).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startOpenAiPeer } from '../../../backend/test/support/openai-peer.ts';

interface DemoTurn {
  speaker_label: string;
  start_time: number;
  end_time: number;
  text: string;
}

const port = Number(process.env.E2E_AI_PORT ?? 3198);
const demo = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../backend/assets/demo/sesion-demo.transcript.json'), 'utf8'),
) as DemoTurn[];
const labels = new Map<string, string>();
const segments = demo.map((turn) => {
  if (!labels.has(turn.speaker_label)) labels.set(turn.speaker_label, String.fromCharCode(65 + labels.size));
  return { speaker: labels.get(turn.speaker_label)!, start: turn.start_time, end: turn.end_time, text: turn.text };
});

const peer = await startOpenAiPeer({ port });
// A test stopping a running transcription holds them (holdTranscriptions in helpers.ts): on a busy machine 2.5 s can
// pass before its click lands, and the test checks the running job's page and the cancel's confirmation first. A
// request that comes during a hold waits until it ends (at most 45 s), then 2.5 s: the stand-in cannot tell whose
// it is, and another test's transcription is held only as long as the hold lasts (a fixed 45 s outlasted its wait).
const holdDir = process.env.E2E_AI_HOLD_DIR;
const holding = () => Boolean(holdDir && readdirSync(holdDir).length > 0);
async function holdEnds(): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (holding() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
}
peer.onTranscription(() => ({ until: holdEnds(), then: { delayMs: 2500, then: { segments } } }));
interface SessionData {
  numero_sesion: number;
  fecha: string;
  temas_importantes?: string;
  analisis_ia_paciente?: string;
}

/** The JSON inside the data block an assistant was sent (its '<' are escaped as JSON allows). */
const dataOf = (block: string) => JSON.parse(/^<(\w+)>\n([\s\S]*?)\n<\/\1>/.exec(block)![2]) as Record<string, unknown>;

/** An assistant's answer built from what it was given, as a model citing its sessions would write it. */
function assistantAnswer(block: string, question: string): string {
  const data = dataOf(block);
  const [last] = (data.sesiones as SessionData[] | undefined) ?? [];
  const cite = (s: SessionData) => `**Sesión ${s.numero_sesion} (${s.fecha})**`;
  if (block.startsWith('<tus_datos>')) {
    if (!last) return 'Todavía no tienes sesiones registradas. Puedo ayudarte con preguntas generales sobre tus ejercicios.';
    return `En tu última sesión, la ${cite(last)}, trabajaste esto:\n\n- ${last.analisis_ia_paciente ?? last.temas_importantes ?? 'lo que hablaste con tu terapeuta'}\n\n¿Quieres que repasemos algún ejercicio?`;
  }
  if (block.startsWith('<datos_del_paciente>')) {
    const nombre = (data.paciente as { nombre?: string }).nombre;
    if (!last) return `${nombre} aún no tiene sesiones registradas.`;
    return `Sobre **${nombre}**: según la ${cite(last)}, ${last.temas_importantes ?? 'la sesión no tiene temas anotados'}.\n\n1. Revisar su evolución en la próxima sesión.\n2. Mantener los ejercicios asignados.`;
  }
  const stats = data.estadisticas as { total_patients: number; total_sessions: number };
  return `Tienes **${stats.total_patients} pacientes** y **${stats.total_sessions} sesiones** registradas. Sobre tu pregunta («${question}»), te sugiero revisar primero a quienes tienen una cita próxima.`;
}

interface BankItem {
  id: string;
  titulo: string;
  asignado: boolean;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * 'Sugerir ejercicios' as a model might answer it: first an id it made up (the server must drop it), then the exercises
 * of the bank the session names between «», else those with a title word of 6+ letters the session uses, at most
 * two more, each with a reason taken from the session. "[sin-sugerencias]" in the session: none fits;
 * "[json-roto]": an answer that is no JSON.
 */
function suggestionAnswer(content: string): string {
  const session = /<datos_de_la_sesion>\n([\s\S]*?)\n<\/datos_de_la_sesion>/.exec(content)![1];
  const bank = JSON.parse(/<banco_de_ejercicios>\n([\s\S]*?)\n<\/banco_de_ejercicios>/.exec(content)![1]) as BankItem[];
  if (session.includes('[json-roto]')) return 'Te sugiero la respiración diafragmática.';
  if (session.includes('[sin-sugerencias]')) return JSON.stringify({ sugerencias: [] });
  const text = fold(session);
  const named = bank.filter((e) => text.includes(`«${fold(e.titulo)}»`));
  const sharing = bank.filter((e) =>
    fold(e.titulo)
      .match(/\p{L}{6,}/gu)
      ?.some((word) => text.includes(word)),
  );
  const picked = (named.length > 0 ? named : sharing).slice(0, 2);
  return JSON.stringify({
    sugerencias: [
      { ejercicio_id: '00000000-0000-4000-8000-000000000000', motivo: 'Un ejercicio que no existe.' },
      ...picked.map((e) => ({
        ejercicio_id: e.id,
        motivo: `En la sesión se habló de «${e.titulo}» y encaja con lo que el paciente contó. Segunda frase que sobra.`,
      })),
    ],
  });
}

peer.onChat((req) => {
  const messages = req.body?.messages ?? [];
  const block = String(messages[1]?.content ?? '');
  if (req.body?.response_format) return { delayMs: 1500, then: { content: suggestionAnswer(block) } };
  if (/^<(tus_datos|datos_del_paciente|datos_de_la_consulta)>/.test(block)) {
    const question = String(messages.at(-1)?.content ?? '');
    if (question.includes('[fallo]')) return { status: 500 };
    return { delayMs: 1500, then: { content: assistantAnswer(block, question), pieceDelayMs: 25 } };
  }
  const instructions = String(messages[0]?.content ?? '');
  const content = instructions.includes('para el paciente')
    ? 'Hoy practicaste una respiración para calmar los nervios antes de las reuniones.'
    : 'Resumen de la sesión: ansiedad anticipatoria antes de las reuniones; buena respuesta a la respiración 4-6.';
  return { delayMs: 2500, then: { content } };
});
console.log(`AI stand-in listening on ${peer.url}`);
