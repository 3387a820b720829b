import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Response } from 'supertest';
import { API, api, bearer, createPatient, therapistSession, uniqueEmail, type Session } from './support/api';
import { createAppointments } from './support/agenda';
import { createDraft, createSession, createSessionType, MISSING_ID, signedInPatient, STRONG_PASSWORD } from './support/clinical';
import { assignExercise, assignModule, createExercise, createModule } from './support/exercises';

/**
 * The document says what the server does: every operation of GET /api/docs-json is called (a) as a caller it
 * admits with a valid request, (b) without a token and with the other role, (c) with each declared constraint of
 * its body and path broken, and every answer's status must be declared for it and its body match the declared
 * schema. The valid requests must match the declared request schemas too (the document is not stricter).
 */

type Json = Record<string, unknown>;
interface Schema {
  type?: string;
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  nullable?: boolean;
  additionalProperties?: boolean | Schema;
}
interface Operation {
  parameters?: { name: string; in: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
  'x-roles': string[];
  security?: unknown[];
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}
interface Call {
  method: string;
  path: string;
  op: Operation;
}

/** OpenAPI 3.0 schema → JSON Schema: `nullable` as a null type, boolean exclusiveMinimum, refs into the document. */
function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const s = schema as Json;
  const out: Json = {};
  for (const [key, value] of Object.entries(s)) {
    if (key === 'nullable' || key === 'example' || key.startsWith('x-')) continue;
    if (key === '$ref') out.$ref = (value as string).replace('#/', 'doc#/');
    else if (key === 'properties') out.properties = Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, toJsonSchema(v)]));
    else out[key] = toJsonSchema(value);
  }
  if (s.exclusiveMinimum === true) out.exclusiveMinimum = s.minimum;
  if (s.exclusiveMinimum === true) delete out.minimum;
  if (s.nullable === true) {
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (!out.type) return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

let doc: Doc;
let ajv: Ajv;
const compiled = new Map<Schema, ValidateFunction>();
const validator = (schema: Schema) => {
  let validate = compiled.get(schema);
  if (!validate) compiled.set(schema, (validate = ajv.compile(toJsonSchema(schema) as object)));
  return validate;
};
const resolve = (schema: Schema): Schema => (schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()!] : schema);

let therapist: Session;
let patient: Session & { patientId: string };
let freshPatient: Session;
const ids: Record<string, string> = {};

function pathValue(path: string, name: string): string {
  if (name === 'tipo') return 'whatsapp';
  if (name === 'token') return 'token-que-no-existe';
  if (name === 'key') return 'no-existe.txt';
  if (name === 'draftId') return ids.draft;
  if (name === 'moduleId') return ids.module;
  if (name === 'exerciseId') return ids.exercise;
  if (name === 'patientId' || name === 'pacienteId') return patient.patientId;
  if (name === 'asignacionId') return ids.questionnaire;
  const byPath: [RegExp, string][] = [
    [/perfil\/citas\//, ids.ownAppointment],
    [/^\/citas\/(?!publica)/, ids.appointment],
    [/drafts\/paciente\//, patient.patientId],
    [/drafts\//, ids.draft],
    [/sesiones\/paciente\/sesion\//, ids.session],
    [/sesiones\/paciente\//, patient.patientId],
    [/sesiones\//, ids.session],
    [/tipos-sesion\//, ids.sessionType],
    [/(^\/ejercicios\/|paciente-ejercicios\/ejercicio\/)/, ids.exercise],
    [/(^\/modulos\/|modulo-ejercicios\/modulo\/)/, ids.module],
    [/^\/exportaciones\//, MISSING_ID],
    [/^\/cuestionarios\/asignaciones\//, ids.questionnaire],
  ];
  return byPath.find(([re]) => re.test(path.replace(API, '')))?.[1] ?? patient.patientId;
}

/** A valid body for each operation with one (by "METHOD path" without the API prefix). */
function validBody(key: string): Json | undefined {
  const bodies: Record<string, () => Json> = {
    'post /auth/google-login': () => ({ token: `valid:${therapist.email}`, role: 'terapeuta' }),
    'post /auth/login/patient': () => ({ email: patient.email, contrasenia: STRONG_PASSWORD }),
    'post /auth/change-password': () => ({ old_password: STRONG_PASSWORD, new_password: `${STRONG_PASSWORD}y` }),
    'post /auth/demo-login': () => ({ email: 'demo@example.com' }),
    'post /auth/forgot-password': () => ({ email: patient.email }),
    'post /auth/reset-password': () => ({ token: 'token-que-no-existe', new_password: STRONG_PASSWORD }),
    'put /pacientes/perfil': () => ({ direccion: 'Calle Mayor 1', fecha_nacimiento: '' }),
    'patch /pacientes/perfil': () => ({ direccion: 'Calle Mayor 2' }),
    'post /pacientes': () => ({
      email: uniqueEmail('contrato'),
      telefono_paciente: '+573001234567',
      nombre: 'Ana',
      apellido: 'Gil',
      edad: '',
      fecha_ingreso: '2026-01-02',
    }),
    'patch /pacientes/{id}': () => ({ notas_terapeuticas: 'Notas', proxima_cita: '2030-01-02T10:00', estado_civil: '' }),
    'post /pacientes/consentimientos/{id}': () => ({ tipo: 'whatsapp', forma: 'escrito' }),
    'post /pacientes/consentimientos/{id}/{tipo}/revocar': () => ({ forma: 'verbal' }),
    'post /invitations/send': () => ({ email: uniqueEmail('invitado') }),
    'post /invitations/register': () => ({
      invitation_token: 'token-que-no-existe',
      nombre: 'Ana',
      apellido: 'Gil',
      password: STRONG_PASSWORD,
    }),
    // Items with only what the server needs: the document may not ask for more than it does.
    'post /tipos-sesion': () => ({
      nombre: `Tipo ${uniqueEmail()}`,
      valor: '45.50',
      campos: [{ nombre: 'Estado de ánimo', tipo: 'text' }],
    }),
    'put /tipos-sesion/{id}': () => ({ nombre: 'Tipo renombrado', valor: 50 }),
    'put /sesiones/{id}': () => ({ notas: 'Otra nota', duracion_minutos: 50 }),
    'patch /sesiones/{id}': () => ({ cantidad: 1.5, fecha: '2026-01-02' }),
    'post /sesiones': () => ({ paciente_id: patient.patientId, tipo_sesion: 'psicoterapia', notas: 'Nota', fecha: '2026-01-02T10:00:00Z' }),
    'post /sesiones-asincronas/drafts': () => ({ paciente_id: patient.patientId, titulo: 'Borrador' }),
    'put /sesiones-asincronas/drafts/{id}': () => ({ notas: 'Borrador', archivo_video_info: { script_text: 'Guion' } }),
    'post /ejercicios': () => ({ titulo: 'Ejercicio', categoria: 'ansiedad', paciente_ids: [] }),
    'put /ejercicios/{id}': () => ({ titulo: 'Ejercicio renombrado' }),
    'post /modulos': () => ({ titulo: 'Módulo' }),
    'put /modulos/{id}': () => ({ titulo: 'Módulo renombrado' }),
    'post /modulo-ejercicios': () => ({ modulo_id: ids.module, ejercicio_id: ids.exercise2 }),
    'put /modulo-ejercicios/modulo/{id}/orden': () => ({ ejercicio_ids: [ids.exercise2, ids.exercise] }),
    'post /paciente-ejercicios/pacientes/{id}/ejercicios/{exerciseId}/completar': () => ({ completado: true, notas_paciente: 'Hecho' }),
    'post /paciente-ejercicios': () => ({ paciente_id: patient.patientId, ejercicio_id: ids.exercise2 }),
    'post /paciente-modulos': () => ({ paciente_id: patient.patientId, modulo_id: ids.module2 }),
    'post /aws-s3/presigned-upload-url': () => ({ file_name: 'foto.jpg', file_size: 1000, content_type: 'image/jpeg' }),
    'post /aws-s3/initiate-multipart-upload': () => ({
      file_name: 'video.mp4',
      file_size: 1000,
      custom_path: `sesiones/${patient.patientId}`,
    }),
    'post /aws-s3/presigned-part-url': () => ({ upload_id: 'no-existe', file_key: 'no-existe', part_number: 1 }),
    'post /aws-s3/list-parts': () => ({ upload_id: 'no-existe', file_key: 'no-existe' }),
    'post /aws-s3/complete-multipart-upload': () => ({
      upload_id: 'no-existe',
      file_key: 'no-existe',
      parts: [{ PartNumber: 1, ETag: 'x' }],
    }),
    'post /aws-s3/abort-multipart-upload': () => ({ upload_id: 'no-existe', file_key: 'no-existe' }),
    'post /aws-s3/download-url': () => ({ file_key: 'no-existe' }),
    'delete /aws-s3/delete-file': () => ({ file_key: 'no-existe' }),
    'put /terapeuta/perfil': () => ({
      especialidad: 'Psicología clínica',
      estudios: [{ titulo: 'Grado en Psicología' }],
      certificaciones: null,
    }),
    'post /citas': () => ({
      paciente_id: patient.patientId,
      inicio: '2031-03-05T10:00:00+01:00',
      duracion_minutos: 50,
      modalidad: 'presencial',
    }),
    'patch /citas/{id}': () => ({ notas: 'Traer el registro', alcance: 'esta' }),
    'post /citas/{id}/cancelar': () => ({ motivo: 'Vacaciones', avisar_paciente: false }),
    'post /pacientes/perfil/citas/{id}/cancelar': () => ({ motivo: 'No puedo ir' }),
    'post /citas/publica/{token}/cancelar': () => ({ motivo: 'No puedo ir' }),
    'post /cuestionarios/asignaciones': () => ({ paciente_id: patient.patientId, codigo: 'phq9', frecuencia_dias: 0 }),
    'post /pacientes/perfil/cuestionarios/{asignacionId}/respuestas': () => ({ respuestas: [0, 1, 2, 3, 0, 1, 2, 3, 0] }),
    'post /ai-agent/chat': () => ({ message: '¿Cómo va?', history: [{ role: 'user', content: 'Hola' }] }),
    'post /ai-agent/patient-chat': () => ({ message: '¿Cómo voy?' }),
  };
  return bodies[key]?.();
}

const QUERIES: Record<string, string> = {
  'get /auth/verify-reset-token': '?token=token-que-no-existe',
  'get /busqueda/sesiones': '?q=nota',
  'get /citas': '?desde=2031-03-03&hasta=2031-03-09',
};

const keyOf = (call: Call) => `${call.method} ${call.path.replace(API, '')}`;
const url = (call: Call, values: Record<string, string> = {}) =>
  call.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? pathValue(call.path, name))) +
  (QUERIES[keyOf(call)] ?? '');
const callerOf = (call: Call): Session | undefined => {
  const roles = call.op['x-roles'];
  if (roles.length === 0) return undefined;
  if (keyOf(call) === 'post /auth/change-password') return freshPatient;
  return roles.includes('terapeuta') ? therapist : patient;
};

async function send(call: Call, who: Session | undefined, body?: unknown, values?: Record<string, string>): Promise<Response> {
  let req = (api() as unknown as Record<string, (u: string) => ReturnType<ReturnType<typeof api>['get']>>)[call.method](url(call, values));
  if (who) req = req.set(bearer(who.token));
  return body === undefined ? req : req.send(body as object);
}

/** Why `res` is not an answer `call` declares, or null. */
function problem(call: Call, res: Response): string | null {
  const declared = call.op.responses[String(res.status)];
  const where = `${keyOf(call)} → ${res.status}`;
  if (!declared) return `${where}: not declared (${Object.keys(call.op.responses).join(', ')}) ${res.text.slice(0, 200)}`;
  const schema = declared.content?.['application/json']?.schema;
  if (!schema) return null;
  if (!/json/.test(String(res.headers['content-type']))) return `${where}: ${res.headers['content-type']} is not JSON`;
  const validate = validator(schema);
  return validate(res.body) ? null : `${where}: ${ajv.errorsText(validate.errors)} ${res.text.slice(0, 200)}`;
}

/** Each way the document says a value is wrong, generated from its schema. */
function breakers(schema: Schema): { label: string; value: unknown }[] {
  const out: { label: string; value: unknown }[] = [];
  if (schema.maxLength !== undefined && schema.maxLength <= 100_000)
    out.push({ label: 'too long', value: 'x'.repeat(schema.maxLength + 1) });
  if (schema.minLength !== undefined && schema.minLength > 0) out.push({ label: 'too short', value: '' });
  if (schema.enum) out.push({ label: 'not in enum', value: 'valor-no-valido' });
  if (schema.format === 'uuid') out.push({ label: 'bad uuid', value: 'no-es-un-uuid' });
  if (schema.minimum !== undefined) out.push({ label: 'below minimum', value: schema.minimum - 1 });
  if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER)
    out.push({ label: 'above maximum', value: schema.maximum + 1 });
  if (schema.type === 'integer') out.push({ label: 'not an integer', value: 1.5 });
  if (schema.type === 'boolean') out.push({ label: 'not a boolean', value: 'quizá' });
  if (schema.type === 'array' && schema.maxItems !== undefined)
    out.push({ label: 'too many items', value: Array.from({ length: schema.maxItems + 1 }, () => 'x') });
  if (!schema.nullable && schema.type) out.push({ label: 'null', value: null });
  return out;
}

let calls: Call[];

beforeAll(async () => {
  doc = (await api().get('/api/docs-json').expect(200)).body as Doc;
  ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(toJsonSchema({ components: doc.components }) as object, 'doc');
  // Deletes last, the patient's own record at the very end: the other calls need what they remove.
  const order = (c: Call) => (c.method !== 'delete' ? 0 : c.path.endsWith('/pacientes/{id}') ? 2 : 1);
  calls = Object.entries(doc.paths)
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ method, path, op })))
    .sort((a, b) => order(a) - order(b));

  therapist = await therapistSession('Terapeuta del Contrato');
  patient = await signedInPatient(therapist);
  freshPatient = await signedInPatient(therapist);
  const exercise = await createExercise(therapist);
  const exercise2 = await createExercise(therapist, { titulo: 'Segundo' });
  const module = await createModule(therapist, 'Módulo del contrato', [exercise]);
  const module2 = await createModule(therapist, 'Segundo módulo');
  await assignExercise(therapist, patient.patientId, exercise.id).expect(201);
  await assignModule(therapist, patient.patientId, module.id).expect(201);
  Object.assign(ids, {
    session: (await createSession(therapist, patient.patientId)).id,
    draft: (await createDraft(therapist, patient.patientId)).id,
    sessionType: (await createSessionType(therapist)).id,
    exercise: exercise.id,
    exercise2: exercise2.id,
    module: module.id,
    module2: module2.id,
    appointment: (await createAppointments(therapist, patient.patientId, '2031-03-04T10:00:00+01:00'))[0].id,
    ownAppointment: (await createAppointments(therapist, patient.patientId, '2031-03-06T10:00:00+01:00'))[0].id,
    questionnaire: (
      await api()
        .post(`${API}/cuestionarios/asignaciones`)
        .set(bearer(therapist.token))
        .send({ paciente_id: patient.patientId, codigo: 'phq9', frecuencia_dias: 7 })
        .expect(201)
    ).body.id,
  });
  await createPatient(therapist); // a second patient in the list
}, 60_000);

describe('OpenAPI contract', () => {
  it('walks every operation of the document', () => {
    expect(calls.length).toBeGreaterThanOrEqual(100);
  });

  // (b) and (c) change nothing, so they run before (a), whose deletes remove what the others use.
  it('answers a caller without a token, or of the other role, with a declared status and body', async () => {
    const failures: string[] = [];
    for (const call of calls.filter((c) => c.op['x-roles'].length > 0)) {
      const body = call.op.requestBody ? validBody(keyOf(call)) : undefined;
      const anonymous = await send(call, undefined, body);
      if (anonymous.status !== 401) failures.push(`${keyOf(call)}: ${anonymous.status} without a token`);
      failures.push(...[problem(call, anonymous)].filter((p): p is string => p !== null));
      const roles = call.op['x-roles'];
      if (roles.length !== 1) continue;
      const other = roles[0] === 'terapeuta' ? patient : therapist;
      const res = await send(call, other, body);
      if (res.status !== 403) failures.push(`${keyOf(call)}: ${res.status} for the other role`);
      failures.push(...[problem(call, res)].filter((p): p is string => p !== null));
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('refuses each broken constraint of a body or path the document declares, with a declared 4xx', async () => {
    const failures: string[] = [];
    let broken = 0;
    const check = (call: Call, label: string, res: Response) => {
      broken++;
      if (res.status < 400 || res.status >= 500) failures.push(`${keyOf(call)} ${label}: ${res.status} ${res.text.slice(0, 200)}`);
      const why = problem(call, res);
      if (why) failures.push(`${label}: ${why}`);
    };
    for (const call of calls) {
      const caller = callerOf(call);
      for (const param of (call.op.parameters ?? []).filter((p) => p.in === 'path' && p.schema.format === 'uuid')) {
        check(
          call,
          `path ${param.name} not a uuid`,
          await send(call, caller, call.op.requestBody ? validBody(keyOf(call)) : undefined, { [param.name]: 'no-es-un-uuid' }),
        );
      }
      const json = call.op.requestBody?.content['application/json']?.schema;
      const valid = json && validBody(keyOf(call));
      if (!json || !valid) continue;
      const schema = resolve(json);
      if (schema.additionalProperties === false) check(call, 'unknown field', await send(call, caller, { ...valid, campo_desconocido: 1 }));
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        for (const { label, value } of breakers(property)) {
          const body = { ...valid, [name]: value };
          if (validator(json)(body)) failures.push(`${keyOf(call)} ${name} ${label}: the document accepts it`);
          check(call, `${name} ${label}`, await send(call, caller, body));
        }
      }
      for (const name of schema.required ?? []) {
        const { [name]: _left, ...rest } = valid;
        check(call, `${name} missing`, await send(call, caller, rest));
      }
    }
    expect(failures).toEqual([]);
    expect(broken).toBeGreaterThan(200);
  }, 120_000);

  it('answers a valid request of an admitted caller with a declared status and body; the request matches its declared schema', async () => {
    const failures: string[] = [];
    let succeeded = 0;
    for (const call of calls.filter((c) => c.method !== 'delete')) {
      const body = call.op.requestBody ? validBody(keyOf(call)) : undefined;
      const json = call.op.requestBody?.content['application/json']?.schema;
      if (json && body === undefined) failures.push(`${keyOf(call)}: no valid body in the test`);
      if (json && body !== undefined && !validator(json)(body))
        failures.push(`${keyOf(call)}: the document refuses the valid body: ${ajv.errorsText(validator(json).errors)}`);
      const res = await send(call, callerOf(call), body);
      if (res.status < 300) succeeded++;
      const why = problem(call, res);
      if (why) failures.push(why);
    }
    for (const call of calls.filter((c) => c.method === 'delete')) {
      const res = await send(call, callerOf(call), call.op.requestBody ? validBody(keyOf(call)) : undefined);
      if (res.status < 300) succeeded++;
      const why = problem(call, res);
      if (why) failures.push(why);
    }
    expect(failures).toEqual([]);
    // What may not succeed here: no demo, AI provider, video or upload in this app; invented tokens and keys.
    expect(succeeded).toBeGreaterThanOrEqual(80);
  }, 120_000);
});
