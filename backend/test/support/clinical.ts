import type {
  CreatePatientPayload,
  SessionDraft,
  SessionFieldDefinition,
  SessionPayload,
  Session as SessionRecord,
  SessionType,
} from '@consulta/shared';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { API, api, bearer, createPatient, patientSession, sql, TEST_CONSENTS, type AppTarget, type Session } from './api';
import { testEnv } from './env';
import { uploadVideo } from './storage';

/** Sessions, drafts and session types: helpers shared by their API tests. */

export const STRONG_PASSWORD = 'Paciente#2026x';

/** A patient of `therapist` who has replaced the temporary password: only the route's role check can refuse them. */
export async function signedInPatient(
  therapist: Session,
  target: Pick<AppTarget, 'appUrl'> = testEnv(),
  overrides: Partial<CreatePatientPayload> = {},
): Promise<Session & { patientId: string }> {
  const patient = await patientSession(therapist, target, overrides);
  const res = await api(target)
    .post(`${API}/auth/change-password`)
    .set(bearer(patient.token))
    .send({ new_password: STRONG_PASSWORD })
    .expect(200);
  return { id: patient.id, email: patient.email, token: res.body.access_token as string, patientId: patient.patientId };
}

/** A psychotherapy session of `pacienteId`, the smallest payload the rules accept, plus `overrides`. */
export const sessionPayload = (pacienteId: string, overrides: Record<string, unknown> = {}): SessionPayload & Record<string, unknown> => ({
  paciente_id: pacienteId,
  tipo_sesion: 'psicoterapia',
  notas: 'El paciente habla de su semana.',
  ...overrides,
});

export const postSession = (therapist: Session, body: object, target: Pick<AppTarget, 'appUrl'> = testEnv()) =>
  api(target).post(`${API}/sesiones/`).set(bearer(therapist.token)).send(body);

/** Records a session through the API (201) and answers it. */
export async function createSession(
  therapist: Session,
  pacienteId: string,
  overrides: Record<string, unknown> = {},
  target: Pick<AppTarget, 'appUrl'> = testEnv(),
) {
  const res = await postSession(therapist, sessionPayload(pacienteId, overrides), target);
  if (res.status !== 201) throw new Error(`POST /sesiones/ answered ${res.status}: ${res.text}`);
  return res.body as SessionRecord;
}

export const customFields: SessionFieldDefinition[] = [
  { nombre: 'Motivo', tipo: 'text', requerido: true, placeholder: null, opciones: [] },
  { nombre: 'Reflexión', tipo: 'textarea', requerido: false, placeholder: 'Opcional', opciones: [] },
  { nombre: 'Intensidad', tipo: 'number', requerido: true, placeholder: null, opciones: [] },
  { nombre: 'Modalidad', tipo: 'select', requerido: true, placeholder: null, opciones: ['Presencial', 'En línea'] },
  { nombre: 'Consentimiento', tipo: 'checkbox', requerido: true, placeholder: null, opciones: [] },
  { nombre: 'Seguimiento', tipo: 'checkbox', requerido: false, placeholder: null, opciones: [] },
];

/** Values that fill every required field of `customFields` correctly. */
export const customValues = () => ({ Motivo: 'Duelo', Intensidad: 7.5, Modalidad: 'En línea', Consentimiento: true });

/** A custom session type of `therapist` (POST /tipos-sesion/). */
export async function createSessionType(therapist: Session, overrides: Record<string, unknown> = {}): Promise<SessionType> {
  const res = await api()
    .post(`${API}/tipos-sesion/?terapeuta_id=${therapist.id}`)
    .set(bearer(therapist.token))
    .send({
      nombre: 'Constelación familiar',
      descripcion: 'Trabajo sistémico',
      valor: 80,
      activo: true,
      campos: customFields,
      ...overrides,
    });
  if (res.status !== 201) throw new Error(`POST /tipos-sesion/ answered ${res.status}: ${res.text}`);
  return res.body as SessionType;
}

export const DRAFTS = `${API}/sesiones-asincronas/drafts`;

/** Creates a draft through the API (201) and answers it. */
export async function createDraft(
  therapist: Session,
  pacienteId: string,
  fields: Record<string, unknown> = {},
  target: Pick<AppTarget, 'appUrl'> = testEnv(),
): Promise<SessionDraft> {
  const res = await api(target)
    .post(DRAFTS)
    .set(bearer(therapist.token))
    .send({ paciente_id: pacienteId, ...fields });
  if (res.status !== 201) throw new Error(`POST drafts answered ${res.status}: ${res.text}`);
  return res.body as SessionDraft;
}

/**
 * A new patient of `therapist` and a psychotherapy draft of theirs with a session video uploaded and attached (`video`
 * as `fileName`); `fields` set the rest of the draft. Answers the patient's id, the draft and the video's key.
 */
export async function aDraftWithVideo(
  therapist: Session,
  { video, fileName, fields = {} }: { video?: Buffer; fileName?: string; fields?: Record<string, unknown> } = {},
  target: Pick<AppTarget, 'appUrl'> = testEnv(),
): Promise<{ patientId: string; draft: SessionDraft; key: string }> {
  const patient = await createPatient(therapist, {}, target);
  const key = await uploadVideo(target, therapist, patient.id, video, fileName);
  const draft = await createDraft(
    therapist,
    patient.id,
    { tipo_sesion: 'psicoterapia', archivo_video_info: { file_key: key, video_url: key }, ...fields },
    target,
  );
  return { patientId: patient.id, draft, key };
}

export const putDraft = (therapist: Session, id: string, body: object, target: Pick<AppTarget, 'appUrl'> = testEnv()) =>
  api(target).put(`${DRAFTS}/${id}`).set(bearer(therapist.token)).send(body);

/** A valid uuid that names nothing. */
export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/**
 * A connection to the run's database, as a background job has one, with the `Execute` signature of
 * backend/src/common/sql/execute.ts (`?` placeholders become $1..$n).
 */
export async function jobConnection(): Promise<{
  execute: (text: string, params: unknown[]) => Promise<unknown[]>;
  close: () => Promise<void>;
}> {
  const client = new Client({ connectionString: testEnv().databaseUrl });
  await client.connect();
  return {
    execute: async (text, params) => {
      let n = 0;
      return (
        await client.query(
          text.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows;
    },
    close: () => client.end(),
  };
}

/** Fills a message template of MSG ({name}, {numero}, {campo}, {max}). */
export { fillMessage as fill } from '@consulta/shared';

/** An ISO 8601 UTC timestamp as the API writes them. */
export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let patientCounter = 0;
/**
 * A patient of `therapist` inserted directly, as POST /pacientes/ would store it but without hashing a temporary
 * password (the slow part): for tests that need many patients and never sign in as them. With TEST_CONSENTS.
 */
export async function quickPatient(therapist: Session, nombre = 'Lucía', apellido = 'Pérez'): Promise<{ id: string; email: string }> {
  const userId = randomUUID();
  const id = randomUUID();
  const email = `paciente.rapido.${Date.now().toString(36)}${(patientCounter++).toString(36)}@example.com`;
  await sql(`insert into users (id, email, name, role) values ($1, $2, $3, 'paciente')`, [userId, email, `${nombre} ${apellido}`]);
  await sql(`insert into patients (id, user_id, therapist_id, nombre, apellido, fecha_ingreso) values ($1, $2, $3, $4, $5, current_date)`, [
    id,
    userId,
    therapist.id,
    nombre,
    apellido,
  ]);
  await sql(
    `insert into consents (id, patient_id, tipo, forma, otorgado_por, otorgado_por_usuario_id) select gen_random_uuid(), $1, t, 'escrito', 'terapeuta', $2 from unnest($3::text[]) t`,
    [id, therapist.id, TEST_CONSENTS],
  );
  return { id, email };
}
