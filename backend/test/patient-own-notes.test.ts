import { randomBytes } from 'node:crypto';
import { MSG, type PatientDetail, type PatientExport, type PatientOwnProfile } from '@consulta/shared';
import { jsonEntry, readZip } from './support/archive';
import { API, api, bearer, sql, therapistSession, type Session } from './support/api';
import { signedInPatient } from './support/clinical';
import { absolute, downloadBytes, expectProblem, localTarget, waitFor } from './support/storage';

/**
 * The patient's own `genero` and `notas` in 'Mi Perfil' (docs/decisions/patient-area-and-exports.md, "The patient's
 * gender and own notes"): the patient alone writes them; their therapist reads them, apart from and never mixed
 * with the therapist's private notes; they are in the patient's export, and the therapist's notes never come back
 * to the patient through them.
 */
const PROFILE = `${API}/pacientes/perfil`;
/** Letters only, unique to this run. */
const tag = [...randomBytes(8)].map((b) => String.fromCharCode(65 + (b % 26))).join('');

const profileOf = (who: Session) => api().get(PROFILE).set(bearer(who.token));
const patchProfile = (who: Session, body: unknown) =>
  api()
    .patch(PROFILE)
    .set(bearer(who.token))
    .send(body as object);
const recordOf = (who: Session, patientId: string) => api().get(`${API}/pacientes/${patientId}`).set(bearer(who.token));
const patchRecord = (who: Session, patientId: string, body: object) =>
  api().patch(`${API}/pacientes/${patientId}`).set(bearer(who.token)).send(body);
const ownColumns = async (patientId: string) =>
  (await sql(`select genero, notas_paciente, notas_terapeuticas from patients where id = $1`, [patientId]))[0];

describe("the patient's own gender and notes", () => {
  let therapist: Session;
  beforeAll(async () => {
    therapist = await therapistSession('Dra. Notas Propias');
  });

  it('the patient writes them with PUT or PATCH and clears them; the therapist reads them apart from their own notes', async () => {
    const patient = await signedInPatient(therapist);
    expect((await profileOf(patient).expect(200)).body).toMatchObject({ genero: null, notas: null });
    const put = await api()
      .put(PROFILE)
      .set(bearer(patient.token))
      .send({ genero: '  Mujer ', notas: ' Trabajo de noche.\nPrefiero las sesiones de tarde. ' })
      .expect(200);
    expect(put.body).toMatchObject({
      genero: 'Mujer',
      notas: 'Trabajo de noche.\nPrefiero las sesiones de tarde.',
    } satisfies Partial<PatientOwnProfile>);
    await patchRecord(therapist, patient.patientId, { notas_terapeuticas: 'Notas del terapeuta' }).expect(200);
    const expected = {
      genero: 'Mujer',
      notas_paciente: 'Trabajo de noche.\nPrefiero las sesiones de tarde.',
      notas_terapeuticas: 'Notas del terapeuta',
    } satisfies Partial<PatientDetail>;
    expect((await recordOf(therapist, patient.patientId).expect(200)).body).toMatchObject(expected);
    expect((await api().get(`${API}/pacientes/unified/${patient.patientId}`).set(bearer(therapist.token)).expect(200)).body).toMatchObject(
      expected,
    );
    // The patient's notes never show the therapist's, and only what is sent changes.
    expect((await profileOf(patient).expect(200)).text).not.toContain('Notas del terapeuta');
    expect((await patchProfile(patient, { notas: 'Solo esto.' }).expect(200)).body).toMatchObject({ genero: 'Mujer', notas: 'Solo esto.' });
    expect(await ownColumns(patient.patientId)).toEqual({
      genero: 'Mujer',
      notas_paciente: 'Solo esto.',
      notas_terapeuticas: 'Notas del terapeuta',
    });
    // Blank or null clears each one.
    expect((await patchProfile(patient, { genero: '  ', notas: '' }).expect(200)).body).toMatchObject({ genero: null, notas: null });
    await patchProfile(patient, { genero: 'No binario', notas: 'Otra vez.' }).expect(200);
    expect((await patchProfile(patient, { notas: null }).expect(200)).body).toMatchObject({ genero: 'No binario', notas: null });
    expect(await ownColumns(patient.patientId)).toEqual({
      genero: 'No binario',
      notas_paciente: null,
      notas_terapeuticas: 'Notas del terapeuta',
    });
  });

  it('nobody else writes them: not the therapist, not another patient; another patient or therapist does not read them', async () => {
    const patient = await signedInPatient(therapist);
    const sibling = await signedInPatient(therapist);
    await patchProfile(patient, { genero: 'Mujer', notas: `Mías ${tag}` }).expect(200);

    // Another patient of the same therapist writes only their own, and never reads these.
    const theirs = await patchProfile(sibling, { genero: 'Hombre', notas: 'Las de otro paciente' }).expect(200);
    expect(theirs.text).not.toContain(tag);
    expect((await profileOf(sibling).expect(200)).body).toMatchObject({ id: sibling.patientId, genero: 'Hombre' });
    expectProblem(await recordOf(sibling, patient.patientId), 403, MSG.auth.forbidden, 'FORBIDDEN');
    expectProblem(await patchRecord(sibling, patient.patientId, { notas_paciente: 'x' }), 403, MSG.auth.forbidden, 'FORBIDDEN');

    // The therapist reads them but cannot write them, neither on the record nor through the patient's route.
    for (const body of [{ genero: 'Otro' }, { notas_paciente: 'Escrito por el terapeuta' }, { notas: 'Escrito por el terapeuta' }]) {
      const field = Object.keys(body)[0];
      expectProblem(await patchRecord(therapist, patient.patientId, body), 400, `El campo ${field} no está permitido`, 'VALIDATION');
    }
    expectProblem(await patchProfile(therapist, { notas: 'x' }), 403, MSG.auth.forbidden, 'FORBIDDEN');

    // A therapist of another practice does not even find the record.
    const stranger = await therapistSession('Dr. Otra Consulta');
    expectProblem(await recordOf(stranger, patient.patientId), 404);

    expect(await ownColumns(patient.patientId)).toEqual({ genero: 'Mujer', notas_paciente: `Mías ${tag}`, notas_terapeuticas: null });
    expect((await profileOf(patient).expect(200)).body).toMatchObject({ genero: 'Mujer', notas: `Mías ${tag}` });
  });

  it('are checked with a clear Spanish message, and nothing of a refused request is applied', async () => {
    const patient = await signedInPatient(therapist);
    await patchProfile(patient, { genero: 'g'.repeat(50), notas: 'n'.repeat(2000) }).expect(200);
    const cases: [unknown, string][] = [
      [{ genero: 'g'.repeat(51) }, MSG.patientArea.generoTooLong],
      [{ notas: 'n'.repeat(2001) }, MSG.patientArea.notasTooLong],
      [{ direccion: 'Calle Nueva 2', notas: 'n'.repeat(2001) }, MSG.patientArea.notasTooLong],
      [{ genero: 12 }, 'El campo genero debe ser un texto'],
      [{ notas: ['una', 'lista'] }, 'El campo notas debe ser un texto'],
      [{ notas: { texto: 'un objeto' } }, 'El campo notas debe ser un texto'],
      [{ notas: 'con un nulo \u0000 dentro' }, MSG.common.invalidText],
      [{ notas_terapeuticas: 'mías' }, 'El campo notas_terapeuticas no está permitido'],
      [{ notas_paciente: 'mías' }, 'El campo notas_paciente no está permitido'],
    ];
    for (const [body, detail] of cases) expectProblem(await patchProfile(patient, body), 400, detail);
    expect(await ownColumns(patient.patientId)).toEqual({
      genero: 'g'.repeat(50),
      notas_paciente: 'n'.repeat(2000),
      notas_terapeuticas: null,
    });
    const [row] = await sql(`select direccion from patients where id = $1`, [patient.patientId]);
    expect(row.direccion).toBeNull();
  });

  it("the therapist's private notes never reach the patient through them; the patient's export holds their own", async () => {
    const patient = await signedInPatient(therapist);
    const privateNotes = `CANARIO-NOTAS-TERAPEUTICAS-${tag}`;
    const plan = `CANARIO-PLAN-${tag}`;
    await patchRecord(therapist, patient.patientId, { notas_terapeuticas: privateNotes, plan_tratamiento: plan }).expect(200);
    await patchProfile(patient, { genero: 'Mujer', notas: 'Lo que yo cuento de mí' }).expect(200);

    const profile = await profileOf(patient).expect(200);
    expect(profile.text).not.toContain(tag);
    expect(profile.body).toMatchObject({ genero: 'Mujer', notas: 'Lo que yo cuento de mí' });

    const archive = await ownExport(patient);
    for (const [name, bytes] of archive) {
      if (name.includes(tag) || bytes.toString('utf8').includes(tag)) throw new Error(`The patient's export holds a canary in ${name}`);
    }
    expect(jsonEntry(archive, 'perfil.json')).toMatchObject({ genero: 'Mujer', notas: 'Lo que yo cuento de mí' });
    // Control: the therapist's record does hold both, each under its own name.
    expect((await recordOf(therapist, patient.patientId).expect(200)).body).toMatchObject({
      notas_terapeuticas: privateNotes,
      notas_paciente: 'Lo que yo cuento de mí',
    });
  }, 60_000);
});

/** The patient's export of their own data, once ready, read entry by entry. */
async function ownExport(patient: Session): Promise<Map<string, Buffer>> {
  const id = ((await api().post(`${API}/pacientes/perfil/exportaciones`).set(bearer(patient.token)).expect(202)).body as PatientExport).id;
  await waitFor(
    "the patient's export ready",
    async () => {
      const list = (await api().get(`${API}/pacientes/perfil/exportaciones`).set(bearer(patient.token)).expect(200))
        .body as PatientExport[];
      const row = list.find((e) => e.id === id);
      if (row?.estado === 'error') throw new Error(`The export failed: ${row.mensaje_error}`);
      return row?.estado === 'listo';
    },
    30_000,
  );
  const link = await api().get(`${API}/exportaciones/${id}/descarga`).set(bearer(patient.token)).expect(200);
  return readZip((await downloadBytes(localTarget(), absolute(localTarget(), link.body.download_url as string))).body);
}
