// The pseudonymization of one AI request (backend/dist): a 60,000-character prompt of Spanish-looking prose naming
// patients of a practice of 500 (first names, surnames, full names, e-mails, phones written with spaces and the
// country code, dates of birth), compiled for the request (the practice's names into the matcher) and replaced,
// exactly as every request to the provider is. 50 warm-up and 500 timed runs; the output is checked to hold no
// name, e-mail or phone it was given. The practice's compiled names are kept between its requests: the first
// request of a practice (compiling them) is timed apart.
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { knob, prose, random, report, root, round } from './lib.mjs';

const require = createRequire(import.meta.url);
const { Pseudonymizer } = require(path.join(root, 'backend/dist/backend/src/ai/pseudonymize/pseudonymizer.js'));

const PATIENTS = knob('BENCH_PSEUDONYMIZE_PATIENTS', 500);
const PROMPT_CHARS = knob('BENCH_PSEUDONYMIZE_CHARS', 60_000);
const BUDGET_MS = 5;

const FIRST =
  'Lucía María José Ana Sofía Valentina Camila Isabel Andrés Juan Pablo Mateo Santiago Tomás Ángel Íñigo Martín Nicolás Gabriela Elena'.split(
    ' ',
  );
const LAST =
  'García Fernández Rodríguez López Martínez Sánchez Pérez Gómez Núñez Ortiz Castaño Peñalosa Ibáñez Zúñiga Londoño Restrepo Echeverri Muñoz Quintero Villegas'.split(
    ' ',
  );
const next = random(39);
const pick = (list) => list[Math.floor(next() * list.length)];

const patients = Array.from({ length: PATIENTS }, (_, i) => ({
  nombre: `${pick(FIRST)}${i % 3 === 0 ? ` ${pick(FIRST)}` : ''}`,
  apellido: `${pick(LAST)} ${pick(LAST)}`,
  email: `paciente${i}@correo.test`,
  telefonos: [`+57300${String(1_000_000 + i)}`, null],
  fechaNacimiento: `19${50 + (i % 50)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
}));
const people = {
  therapist: { nombre: 'Carmen Villalobos', apellido: null, email: 'carmen@consulta.test', telefonos: [], fechaNacimiento: null },
  subject: null,
  others: patients,
};

/** Prose with an identifier every ~150 characters, in every written form. */
function prompt() {
  const parts = [];
  let size = 0;
  for (let i = 0; size < PROMPT_CHARS; i++) {
    const p = patients[Math.floor(next() * patients.length)];
    const phone = p.telefonos[0].slice(3);
    const mention = [
      p.nombre,
      `${p.nombre} ${p.apellido}`,
      p.apellido.split(' ')[1],
      p.email,
      `+57 ${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`,
      p.fechaNacimiento.split('-').reverse().join('/'),
    ][i % 6];
    const text = `${prose(140, i)} ${mention}`;
    parts.push(text);
    size += text.length + 1;
  }
  return parts.join(' ').slice(0, PROMPT_CHARS);
}

const text = prompt();
const run = () => new Pseudonymizer(people).pseudonymize(text);
for (let i = 0; i < 50; i++) run();
const times = [];
let out = '';
for (let i = 0; i < 500; i++) {
  const started = performance.now();
  out = run();
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
// A practice's first request (or its first after a change to anyone's data) also compiles its names: timed apart.
const cold = [];
for (let i = 0; i < 50; i++) {
  const changed = { ...people, therapist: { ...people.therapist, email: `carmen${i}@consulta.test` } };
  const started = performance.now();
  new Pseudonymizer(changed).pseudonymize(text);
  cold.push(performance.now() - started);
}
cold.sort((a, b) => a - b);
const leaked = patients.filter((p) => out.includes(p.email) || out.includes(`${p.nombre} ${p.apellido}`)).length;
const p95 = times[Math.floor(times.length * 0.95)];
const pass = p95 <= BUDGET_MS && leaked === 0;
report('pseudonymize', {
  patients: PATIENTS,
  prompt_chars: text.length,
  placeholders: (out.match(/\[[A-Z_\d]+\]/g) ?? []).length,
  leaked,
  ms: { p50: round(times[Math.floor(times.length / 2)]), p95: round(p95), max: round(times.at(-1)) },
  first_request_ms: { p50: round(cold[25]), p95: round(cold[47]), max: round(cold.at(-1)) },
  budget_p95_ms: BUDGET_MS,
  pass,
});
if (!pass) process.exitCode = 1;
