// The AI provider of the browser tests: the OpenAI-compatible peer of the backend tests, on E2E_AI_PORT, answering
// the demo video's real dialogue as its diarized transcript and two short analyses, each after a pause long
// enough for the page to show its status texts. Started by playwright.config.ts (Node runs the TypeScript).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startOpenAiPeer } from '../../../backend/test/support/openai-peer.ts';

interface DemoTurn {
  speaker_label: string;
  start_time: number;
  end_time: number;
  text: string;
}

const port = Number(process.env.E2E_AI_PORT ?? 3198);
const demo = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../backend/assets/demo/sesion-demo.transcript.json'), 'utf8')) as DemoTurn[];
const labels = new Map<string, string>();
const segments = demo.map((turn) => {
  if (!labels.has(turn.speaker_label)) labels.set(turn.speaker_label, String.fromCharCode(65 + labels.size));
  return { speaker: labels.get(turn.speaker_label)!, start: turn.start_time, end: turn.end_time, text: turn.text };
});

const peer = await startOpenAiPeer({ port });
peer.onTranscription(() => ({ delayMs: 2500, then: { segments } }));
peer.onChat((req) => {
  const instructions = String(req.body?.messages?.[0]?.content ?? '');
  const content = instructions.includes('para el paciente')
    ? 'Hoy practicaste una respiración para calmar los nervios antes de las reuniones.'
    : 'Resumen de la sesión: ansiedad anticipatoria antes de las reuniones; buena respuesta a la respiración 4-6.';
  return { delayMs: 2500, then: { content } };
});
console.log(`AI stand-in listening on ${peer.url}`);
