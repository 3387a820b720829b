import { MSG, type SessionDraft } from '@consulta/shared';
import { describe, expect, it } from 'vitest';
import { aDraft, aSession, aSessionType } from '../../test/factories';
import {
  changedFields,
  customTypeOf,
  emptySessionForm,
  fromDraft,
  fromLocalDateTime,
  fromSession,
  mergeReloaded,
  parseDecimal,
  typeChoiceLabel,
  toDraftChanges,
  toDraftPayload,
  toLocalDateTime,
  toSessionPayload,
  validateSession,
  type SessionForm,
} from './sessionForm';

const TYPE = aSessionType({
  id: '6f1c2b8e-0000-4000-8000-000000000001',
  campos: [
    { nombre: 'Nivel de ansiedad', tipo: 'number', requerido: true, placeholder: null, opciones: [] },
    { nombre: 'Técnica', tipo: 'select', requerido: false, placeholder: null, opciones: ['EMDR', 'TCC'] },
    { nombre: 'Consentimiento', tipo: 'checkbox', requerido: true, placeholder: null, opciones: [] },
    { nombre: 'Resumen', tipo: 'textarea', requerido: false, placeholder: 'Breve', opciones: [] },
  ],
});

const NOW = new Date(2026, 10, 23, 9, 5);
const form = (patch: Partial<SessionForm> = {}): SessionForm => ({ ...emptySessionForm(NOW), ...patch });

const CONTENT = {
  fecha: '2026-11-20T15:30:00.000Z',
  duracion_minutos: 50,
  tipo_sesion: 'psicoterapia',
  tipo_sesion_id: null,
  num_voces: 32,
  notas: 'Habló del trabajo',
  temas_importantes: 'Duelo',
  intencion: null,
  tipo_medicina: null,
  cantidad: null,
  observaciones: null,
  campos_datos: {},
  analisis_ia_paciente: 'Versión paciente',
};

const DRAFT: SessionDraft = aDraft({
  ...CONTENT,
  titulo: 'Primera',
  archivo_video_info: { transcript: [{ speaker_label: 'Paciente', start_time: 0, end_time: 2, text: 'Hola' }], analisis_ia: 'Análisis' },
  numero_sesion_siguiente: 4,
  created_at: '2026-11-20T15:00:00.000Z',
  updated_at: '2026-11-20T15:31:00.000Z',
});

describe('session form: reading', () => {
  it('starts empty, dated now, with 2 voices and no type', () => {
    expect(emptySessionForm(NOW)).toMatchObject({ fecha: '2026-11-23T09:05', tipo: '', num_voces: 2, campos: {} });
  });

  it('converts local date-times both ways', () => {
    const iso = fromLocalDateTime('2026-11-23T09:05')!;
    expect(toLocalDateTime(iso)).toBe('2026-11-23T09:05');
    expect(fromLocalDateTime('')).toBeNull();
    expect(fromLocalDateTime('ayer')).toBeUndefined();
  });

  it('parses decimals with a point or a comma', () => {
    expect(parseDecimal('1.5')).toBe(1.5);
    expect(parseDecimal('2,25')).toBe(2.25);
    expect(parseDecimal(' ')).toBeNull();
    expect(parseDecimal('1e3')).toBeUndefined();
    expect(parseDecimal('abc')).toBeUndefined();
  });

  it('reads a draft: transcript from its segments, analyses, every field', () => {
    const f = fromDraft(DRAFT);
    expect(f).toMatchObject({
      titulo: 'Primera',
      tipo: 'psicoterapia',
      duracion_minutos: '50',
      num_voces: 32,
      notas: 'Habló del trabajo',
      transcripcion: 'Paciente: Hola',
      analisis_ia: 'Análisis',
      analisis_ia_paciente: 'Versión paciente',
      fecha: toLocalDateTime(CONTENT.fecha),
    });
    expect(fromDraft({ ...DRAFT, archivo_video_info: { script_text: 'Editado' } }).transcripcion).toBe('Editado');
    expect(fromDraft({ ...DRAFT, tipo_sesion: null, tipo_sesion_id: 'psicodelica' }).tipo).toBe('psicodelica');
  });

  it('reads a custom session: the type id, field values as text, checkboxes as booleans', () => {
    const session = aSession({
      ...CONTENT,
      numero_sesion: 3,
      tipo_sesion: 'Evaluación',
      tipo_sesion_id: TYPE.id,
      tipo_sesion_nombre: 'Evaluación',
      personalizada: true,
      campos_datos: { 'Nivel de ansiedad': 7.5, Consentimiento: true, Técnica: null },
      transcripcion: 'Texto',
      analisis_ia_paciente_publicado: true,
    });
    expect(fromSession(session)).toMatchObject({
      tipo: TYPE.id,
      numero_sesion: '3',
      campos: { 'Nivel de ansiedad': '7.5', Consentimiento: true },
      transcripcion: 'Texto',
    });
  });

  it('names types', () => {
    expect(typeChoiceLabel('psicodelica', [TYPE])).toBe('Psicodélica');
    expect(typeChoiceLabel(TYPE.id, [TYPE])).toBe('Evaluación');
    expect(typeChoiceLabel('otro', [TYPE])).toBeNull();
    expect(customTypeOf(TYPE.id, [TYPE])).toBe(TYPE);
    expect(customTypeOf('psicoterapia', [TYPE])).toBeNull();
  });
});

describe('session form: rules', () => {
  it('needs a valid type', () => {
    expect(validateSession(form(), null)).toBe(MSG.sessions.typeRequired);
    expect(validateSession(form({ tipo: 'unknown-id' }), null)).toBe(MSG.sessions.typeRequired);
  });

  it('psychotherapy needs notes and important topics', () => {
    expect(validateSession(form({ tipo: 'psicoterapia', temas_importantes: 'x' }), null)).toBe(MSG.sessions.notesRequired);
    expect(validateSession(form({ tipo: 'psicoterapia', notas: 'x', temas_importantes: '  ' }), null)).toBe(
      'Los temas importantes son requeridos para sesiones de psicoterapia',
    );
    expect(validateSession(form({ tipo: 'psicoterapia', notas: 'x', temas_importantes: 'y' }), null)).toBeNull();
  });

  it('a psychedelic session needs intention, medicine and observations', () => {
    expect(validateSession(form({ tipo: 'psicodelica', intencion: 'x', observaciones: 'z' }), null)).toBe(MSG.sessions.psychedelicRequired);
    expect(validateSession(form({ tipo: 'psicodelica', intencion: 'x', tipo_medicina: 'y' }), null)).toBe(
      'Las observaciones son requeridas para sesiones psicodélicas',
    );
    const ok = form({ tipo: 'psicodelica', intencion: 'x', tipo_medicina: 'y', observaciones: 'z' });
    expect(validateSession(ok, null)).toBeNull();
    expect(validateSession({ ...ok, cantidad: '-1' }, null)).toBe(MSG.sessions.cantidad);
    expect(validateSession({ ...ok, cantidad: '0,5' }, null)).toBeNull();
  });

  it('a custom type needs each required field, a checked required checkbox, numbers that parse', () => {
    expect(validateSession(form({ tipo: TYPE.id }), TYPE)).toBe('Por favor, completa el campo: Nivel de ansiedad');
    expect(validateSession(form({ tipo: TYPE.id, campos: { 'Nivel de ansiedad': '7' } }), TYPE)).toBe(
      'Por favor, completa el campo: Consentimiento',
    );
    expect(validateSession(form({ tipo: TYPE.id, campos: { 'Nivel de ansiedad': 'mucho', Consentimiento: true } }), TYPE)).toBe(
      'El campo Nivel de ansiedad debe ser un número',
    );
    expect(validateSession(form({ tipo: TYPE.id, campos: { 'Nivel de ansiedad': '7,5', Consentimiento: true } }), TYPE)).toBeNull();
  });

  it('checks date, number and duration', () => {
    const ok = form({ tipo: 'psicoterapia', notas: 'x', temas_importantes: 'y' });
    expect(validateSession({ ...ok, fecha: '' }, null)).toBe(MSG.sessions.fecha);
    expect(validateSession({ ...ok, numero_sesion: '0' }, null)).toBe(MSG.sessions.numero);
    expect(validateSession({ ...ok, duracion_minutos: '1441' }, null)).toBe(MSG.sessions.duracion);
    expect(validateSession({ ...ok, duracion_minutos: '45' }, null)).toBeNull();
  });
});

describe('session form: payloads', () => {
  it('a built-in session sends its name, only its own fields, no video, no number', () => {
    const payload = toSessionPayload(
      form({ tipo: 'psicoterapia', notas: 'N', temas_importantes: 'T', intencion: 'olvidada', duracion_minutos: '50', num_voces: 32 }),
      null,
    );
    expect(payload).toMatchObject({
      tipo_sesion: 'psicoterapia',
      tipo_sesion_id: null,
      notas: 'N',
      temas_importantes: 'T',
      intencion: null,
      duracion_minutos: 50,
      num_voces: 32,
      campos_datos: {},
      video_url: null,
      fecha: fromLocalDateTime('2026-11-23T09:05'),
    });
    expect(payload).not.toHaveProperty('numero_sesion');
  });

  it('a custom session sends its id, no built-in name, and typed field values', () => {
    const payload = toSessionPayload(
      form({ tipo: TYPE.id, campos: { 'Nivel de ansiedad': '7,5', Técnica: 'EMDR', Consentimiento: true, Resumen: '', Otro: 'x' } }),
      TYPE,
    );
    expect(payload).toMatchObject({ tipo_sesion: null, tipo_sesion_id: TYPE.id });
    expect(payload.campos_datos).toEqual({ 'Nivel de ansiedad': 7.5, Técnica: 'EMDR', Consentimiento: true });
    expect(JSON.stringify(payload.campos_datos)).toContain('"Nivel de ansiedad":7.5');
  });

  it('a psychedelic amount is a decimal', () => {
    expect(toSessionPayload(form({ tipo: 'psicodelica', cantidad: '1,25' }), null).cantidad).toBe(1.25);
  });

  it('an edit sends only what changed', () => {
    const before = form({ tipo: 'psicoterapia', notas: 'N', temas_importantes: 'T', numero_sesion: '3' });
    const after = { ...before, notas: 'N2', numero_sesion: '4' };
    expect(changedFields(toSessionPayload(after, null), toSessionPayload(before, null))).toEqual({ notas: 'N2', numero_sesion: 4 });
  });

  it('a new draft carries everything typed; the transcript inside archivo_video_info', () => {
    const payload = toDraftPayload(form({ tipo: 'psicoterapia', notas: 'N', transcripcion: 'T' }), null);
    expect(payload).toMatchObject({ tipo_sesion: 'psicoterapia', tipo_sesion_id: null, notas: 'N', num_voces: 2, campos_datos: {} });
    expect(payload.archivo_video_info).toEqual({ script_text: 'T' });
    expect(toDraftPayload(form({ tipo: 'psicoterapia', analisis_ia: 'A', analisis_ia_paciente: 'B' }), null)).toMatchObject({
      analisis_ia_paciente: 'B',
      archivo_video_info: { script_text: null, analisis_ia: 'A' },
    });
  });

  it('draft changes are only the fields that differ from the last saved snapshot', () => {
    const saved = form({ tipo: 'psicoterapia', notas: 'N' });
    expect(toDraftChanges(saved, saved, null)).toEqual({});
    expect(toDraftChanges({ ...saved, notas: 'N más', titulo: 'Hoy' }, saved, null)).toEqual({ notas: 'N más', titulo: 'Hoy' });
    expect(toDraftChanges({ ...saved, transcripcion: 'Hola' }, saved, null)).toEqual({ archivo_video_info: { script_text: 'Hola' } });
    expect(toDraftChanges({ ...saved, tipo: TYPE.id, campos: { 'Nivel de ansiedad': '3' } }, saved, TYPE)).toEqual({
      tipo_sesion: null,
      tipo_sesion_id: TYPE.id,
      campos_datos: { 'Nivel de ansiedad': 3 },
    });
  });

  it('a diarized transcript: read as segments, sent with its text when edited, never dropped when absent', () => {
    const f = fromDraft(DRAFT);
    expect(f.segments).toEqual(DRAFT.archivo_video_info.transcript);
    const edited = [{ ...f.segments[0], speaker_label: 'Ana' }];
    expect(toDraftChanges({ ...f, segments: edited, transcripcion: 'Ana: Hola' }, f, null)).toEqual({
      archivo_video_info: { script_text: 'Ana: Hola', transcript: edited },
    });
    expect(toDraftPayload(form({ tipo: 'psicoterapia', transcripcion: 'T' }), null).archivo_video_info).not.toHaveProperty('transcript');
    expect(fromSession(aSession({ transcripcion: 'x' })).segments).toEqual([]);
  });

  it('the patient version is saved with the draft as it is edited', () => {
    const saved = form({ tipo: 'psicoterapia', analisis_ia: 'A', analisis_ia_paciente: 'Versión' });
    expect(toDraftChanges({ ...saved, analisis_ia_paciente: 'Versión corregida' }, saved, null)).toEqual({
      analisis_ia_paciente: 'Versión corregida',
    });
  });

  it('a value the server would refuse is not sent, so it never blocks the rest', () => {
    const saved = form({ tipo: 'psicoterapia', duracion_minutos: '50' });
    expect(toDraftChanges({ ...saved, duracion_minutos: '50.5', notas: 'x' }, saved, null)).toEqual({ notas: 'x' });
    expect(toDraftChanges({ ...saved, fecha: '' }, saved, null)).toEqual({ fecha: null });
  });

  it('a reloaded draft keeps what was typed since the last save, unless the server owns the field', () => {
    const lastSaved = form({ tipo: 'psicoterapia', notas: 'N', transcripcion: '' });
    const current = { ...lastSaved, notas: 'N escrito', transcripcion: 'mío' };
    const server = { ...lastSaved, transcripcion: 'del trabajo', analisis_ia: 'A', temas_importantes: 'otra pestaña' };
    expect(mergeReloaded(current, lastSaved, server)).toMatchObject({
      notas: 'N escrito',
      transcripcion: 'mío',
      analisis_ia: 'A',
      temas_importantes: 'otra pestaña',
    });
    expect(mergeReloaded(current, lastSaved, server, ['transcripcion'])).toMatchObject({
      notas: 'N escrito',
      transcripcion: 'del trabajo',
    });
  });
});

describe('session form: an appointment of the agenda', () => {
  it('carries cita_id into the draft and the session only when the form has one, and reads it back from a draft', () => {
    const linked = form({ tipo: 'psicoterapia', cita_id: 'c1' });
    expect(toSessionPayload(linked, null)).toMatchObject({ cita_id: 'c1' });
    expect(toDraftPayload(linked, null)).toMatchObject({ cita_id: 'c1' });
    expect(toSessionPayload(form({ tipo: 'psicoterapia' }), null)).not.toHaveProperty('cita_id');
    expect(toDraftPayload(form({ tipo: 'psicoterapia' }), null)).not.toHaveProperty('cita_id');
    expect(fromDraft({ ...DRAFT, cita_id: 'c9' }).cita_id).toBe('c9');
    expect(fromDraft(DRAFT).cita_id).toBe('');
  });
});
