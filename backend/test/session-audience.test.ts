import {
  SESSION_FIELD_AUDIENCE,
  type PatientViewSession,
  type Session as SessionRecord,
  type SessionAudienceField,
} from '@consulta/shared';
import { API, api, bearer, therapistSession, type Session } from './support/api';
import { createSession, createSessionType, customValues, signedInPatient } from './support/clinical';

/**
 * The session form marks each field 'Visible para el paciente' or 'Privado' from SESSION_FIELD_AUDIENCE; this holds
 * the list to what a patient really receives (GET /sesiones/paciente/sesion/{id}): a field marked for the patient
 * comes back as the therapist wrote it, a private one never does, and the patient version of the analysis only
 * while published.
 */
describe("the session form's audience marks match what the patient receives", () => {
  let therapist: Session;
  let patient: Session & { patientId: string };

  const read = async (id: string) =>
    (await api().get(`${API}/sesiones/paciente/sesion/${id}`).set(bearer(patient.token)).expect(200)).body as PatientViewSession;
  const publish = (id: string, published: boolean) =>
    api().patch(`${API}/sesiones/${id}`).set(bearer(therapist.token)).send({ analisis_ia_paciente_publicado: published }).expect(200);

  /** Checks each listed field of `written` (the therapist's own answer) against the patient's answer. */
  function expectAudience(written: SessionRecord, seen: PatientViewSession, fields: readonly SessionAudienceField[]) {
    const shown = seen as unknown as Record<string, unknown>;
    const own = written as unknown as Record<string, unknown>;
    for (const field of fields) {
      const value = own[field];
      expect({ field, written: value }).toEqual({ field, written: expect.anything() });
      if (SESSION_FIELD_AUDIENCE[field] === 'privado') {
        expect({ field, received: shown[field] }).toEqual({ field, received: undefined });
        expect(JSON.stringify(seen)).not.toContain(String(value));
      } else {
        expect({ field, received: shown[field] }).toEqual({ field, received: value });
      }
    }
  }

  beforeAll(async () => {
    therapist = await therapistSession('Dra. Audiencia');
    patient = await signedInPatient(therapist);
  });

  it('a psychotherapy session: its basics, topics and transcript are seen; notes and the original analysis are not', async () => {
    const written = await createSession(therapist, patient.patientId, {
      fecha: '2026-11-02T10:00:00.000Z',
      duracion_minutos: 50,
      num_voces: 3,
      notas: 'AUDIENCIA-NOTAS privadas',
      temas_importantes: 'AUDIENCIA-TEMAS del paciente',
      transcripcion: 'AUDIENCIA-TRANSCRIPCION de la sesión',
      analisis_ia: 'AUDIENCIA-ANALISIS-ORIGINAL del terapeuta',
      analisis_ia_paciente: 'AUDIENCIA-ANALISIS-PACIENTE',
    });
    expectAudience(written, await read(written.id), [
      'fecha',
      'numero_sesion',
      'tipo_sesion',
      'duracion_minutos',
      'num_voces',
      'notas',
      'temas_importantes',
      'transcripcion',
      'analisis_ia',
    ]);

    // The patient version: 'publicado', seen only while published (a session saved with one publishes it).
    expect(SESSION_FIELD_AUDIENCE.analisis_ia_paciente).toBe('publicado');
    expect((await read(written.id)).analisis_ia_paciente).toBe('AUDIENCIA-ANALISIS-PACIENTE');
    await publish(written.id, false);
    expect((await read(written.id)).analisis_ia_paciente).toBeNull();
    expect(JSON.stringify(await read(written.id))).not.toContain('AUDIENCIA-ANALISIS-PACIENTE');
    await publish(written.id, true);
    expect((await read(written.id)).analisis_ia_paciente).toBe('AUDIENCIA-ANALISIS-PACIENTE');
  });

  it('a psychedelic session: intention, medicine and amount are seen; observations are not', async () => {
    const written = await createSession(therapist, patient.patientId, {
      tipo_sesion: 'psicodelica',
      notas: null,
      intencion: 'AUDIENCIA-INTENCION',
      tipo_medicina: 'AUDIENCIA-MEDICINA',
      cantidad: 2.5,
      observaciones: 'AUDIENCIA-OBSERVACIONES privadas',
    });
    expectAudience(written, await read(written.id), ['tipo_sesion', 'intencion', 'tipo_medicina', 'cantidad', 'observaciones']);
  });

  it("a custom type's fields are seen", async () => {
    const type = await createSessionType(therapist);
    const written = await createSession(therapist, patient.patientId, {
      tipo_sesion: null,
      tipo_sesion_id: type.id,
      notas: null,
      campos_datos: customValues(),
    });
    expectAudience(written, await read(written.id), ['campos_datos']);
  });

  it('every field of the list is checked above', () => {
    const checked = [
      ...['fecha', 'numero_sesion', 'tipo_sesion', 'duracion_minutos', 'num_voces', 'notas', 'temas_importantes'],
      ...['transcripcion', 'analisis_ia', 'analisis_ia_paciente', 'intencion', 'tipo_medicina', 'cantidad', 'observaciones'],
      'campos_datos',
    ];
    expect(checked.sort()).toEqual(Object.keys(SESSION_FIELD_AUDIENCE).sort());
  });
});
