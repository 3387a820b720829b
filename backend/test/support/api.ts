import { randomUUID } from 'node:crypto';
import type { ConsentKind, CreatePatientPayload, CreatePatientResponse, LoginResponse } from '@consulta/shared';
import { Client } from 'pg';
import request from 'supertest';
import { testEnv } from './env';

export const API = '/api/v1';

/**
 * Where the helpers act: the shared app and its database (the default), or another app a test file started
 * (e.g. the storage tests' app on an S3 store, with its own database).
 */
export interface AppTarget {
  appUrl: string;
  databaseUrl: string;
}

/** supertest against the shared app started by the global setup (or `target`). */
export const api = (target: Pick<AppTarget, 'appUrl'> = testEnv()) => request(target.appUrl);

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Every error answer carries the request's id (`request_id`, also its X-Request-Id header): a uuid unless the caller sent one. */
export const REQUEST_ID = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

let counter = 0;
/** A unique, valid e-mail for this run. */
export const uniqueEmail = (label = 'user') => `${label}.${Date.now().toString(36)}${(counter++).toString(36)}@example.com`;

/** Runs SQL on the run's database (for arranging data and checking what the API did). */
export async function sql<T extends Record<string, unknown> = Record<string, unknown>>(
  text: string,
  params: unknown[] = [],
  target: Pick<AppTarget, 'databaseUrl'> = testEnv(),
): Promise<T[]> {
  const client = new Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

export interface Session {
  id: string;
  email: string;
  token: string;
}

/** A therapist account (inserted as the operator CLI would) signed in through the fake Google. */
export async function therapistSession(name = 'Terapeuta de Prueba', target: AppTarget = testEnv()): Promise<Session> {
  const email = uniqueEmail('terapeuta');
  const id = randomUUID();
  await sql(`insert into users (id, email, name, role) values ($1, $2, $3, 'terapeuta')`, [id, email, name], target);
  const res = await api(target)
    .post(`${API}/auth/google-login`)
    .send({ token: `valid:${email}`, role: 'terapeuta' })
    .expect(200);
  return { id, email, token: (res.body as LoginResponse).access_token };
}

export function patientPayload(overrides: Partial<CreatePatientPayload> = {}): CreatePatientPayload {
  return {
    email: uniqueEmail('paciente'),
    telefono_paciente: '+573001234567',
    nombre: 'María José',
    apellido: "O'Neil-García",
    edad: 35,
    estado_civil: 'casado',
    profesion_ocupacion: 'Docente',
    nivel_escolaridad: 'maestria',
    ha_hecho_terapia: true,
    ha_hecho_psicodelicos: null,
    ha_hecho_constelaciones: false,
    propuesta_terapia: 'Ansiedad y manejo del estrés.',
    tipo_servicio: null,
    telefono: '3001234567',
    whatsapp_mensajeria_consentimiento: true,
    fecha_nacimiento: '1990-05-12',
    fecha_ingreso: '2026-11-01',
    estado_terapia: 'activo',
    notas_terapeuticas: null,
    objetivos_terapia: null,
    plan_tratamiento: null,
    ...overrides,
  };
}

/** The consents a test patient has unless it says otherwise: recording and AI, so videos, transcription and AI work. */
export const TEST_CONSENTS: readonly ConsentKind[] = ['grabacion', 'ia'];

/** Creates a patient through the API as the given therapist, then records `consents` (POST /pacientes/consentimientos/{id}). */
export async function createPatient(
  therapist: Session,
  overrides: Partial<CreatePatientPayload> = {},
  target: Pick<AppTarget, 'appUrl'> = testEnv(),
  consents: readonly ConsentKind[] = TEST_CONSENTS,
): Promise<CreatePatientResponse> {
  const res = await api(target).post(`${API}/pacientes/`).set(bearer(therapist.token)).send(patientPayload(overrides)).expect(201);
  for (const tipo of consents) {
    await api(target)
      .post(`${API}/pacientes/consentimientos/${res.body.id}`)
      .set(bearer(therapist.token))
      .send({ tipo, forma: 'escrito' })
      .expect(201);
  }
  return res.body as CreatePatientResponse;
}

/** A patient of `therapist`, signed in with the temporary password (must_change_password still true). */
export async function patientSession(
  therapist: Session,
  target: Pick<AppTarget, 'appUrl'> = testEnv(),
  overrides: Partial<CreatePatientPayload> = {},
): Promise<Session & { password: string; patientId: string }> {
  const created = await createPatient(therapist, overrides, target);
  const res = await api(target)
    .post(`${API}/auth/login/patient`)
    .send({ email: created.email, contrasenia: created.temporary_password })
    .expect(200);
  const me = await api(target).get(`${API}/auth/me`).set(bearer(res.body.access_token)).expect(200);
  return {
    id: me.body.id,
    email: created.email,
    token: res.body.access_token,
    password: created.temporary_password,
    patientId: created.id,
  };
}
