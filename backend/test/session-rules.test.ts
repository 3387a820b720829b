import { MSG, SESSION_LIMITS, type SessionFieldDefinition } from '@consulta/shared';
import type { Execute } from '../src/common/sql/execute';
import { isIsoDateTime, parseDateOrDateTime } from '../src/common/validation/date-time';
import { videoInfoError } from '../src/drafts/draft-video-info';
import { writeDraftContent, writeDraftJobState } from '../src/drafts/draft-writes';
import {
  camposDatosError,
  camposDatosShapeError,
  sessionRuleError,
  textOrNull,
  type SessionRuleInput,
} from '../src/sessions/session-rules';

// Pure helpers of sessions and drafts, tested directly (no app, no database).

const fill = (template: string, vars: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_m, k: string) => String(vars[k]));
const field = (
  nombre: string,
  tipo: SessionFieldDefinition['tipo'],
  requerido = true,
  opciones: string[] = [],
): SessionFieldDefinition => ({
  nombre,
  tipo,
  requerido,
  placeholder: null,
  opciones,
});

describe('isIsoDateTime', () => {
  it.each([
    '2026-11-23T10:30',
    '2026-11-23T10:30:59',
    '2026-11-23T10:30:00.5',
    '2026-11-23T10:30:00.123456',
    '2026-11-23T10:30:00Z',
    '2026-11-23T10:30+02:00',
    '2026-11-23T10:30:00.000-05:00',
    '2024-02-29T00:00',
    '1900-01-01T00:00',
    '2026-12-31T23:59:59Z',
  ])('accepts %s', (value) => {
    expect(isIsoDateTime(value)).toBe(true);
  });

  it.each<unknown>([
    '2026-11-23',
    '2026-11-23 10:30',
    '2026-11-23t10:30',
    '2026-11-23T10:30z',
    '2026-11-23T24:00',
    '2026-11-23T10:60',
    '2026-11-23T10:30:60',
    '2026-11-23T10:30:00.1234567',
    '2026-11-23T10:30+2',
    '2026-11-23T10:30+25:00',
    '2026-02-29T10:00',
    '2026-04-31T10:00',
    '2026-13-01T10:00',
    '2026-00-01T10:00',
    '2026-11-00T10:00',
    '1899-12-31T23:59',
    '9999-12-31T23:59-05:00',
    ' 2026-11-23T10:30',
    '23/11/2026 10:30',
    '',
    null,
    undefined,
    1764000000000,
    new Date(),
  ])('refuses %p', (value) => {
    expect(isIsoDateTime(value)).toBe(false);
  });
});

describe('parseDateOrDateTime', () => {
  it('reads a calendar date as noon local time, so the day never shifts', () => {
    expect(parseDateOrDateTime('2026-11-23')?.getTime()).toBe(new Date(2026, 10, 23, 12, 0).getTime());
    expect(parseDateOrDateTime('2024-02-29')?.getTime()).toBe(new Date(2024, 1, 29, 12, 0).getTime());
  });

  it('reads a date-time with its zone, and without one as local time', () => {
    expect(parseDateOrDateTime('2026-11-23T10:30:00.250+02:00')?.toISOString()).toBe('2026-11-23T08:30:00.250Z');
    expect(parseDateOrDateTime('2026-11-23T10:30Z')?.toISOString()).toBe('2026-11-23T10:30:00.000Z');
    expect(parseDateOrDateTime('2026-11-23T10:30')?.getTime()).toBe(new Date(2026, 10, 23, 10, 30).getTime());
  });

  it.each<unknown>(['2026-02-29', '2026-1-5', '1899-12-31', '0000-01-01', '2026-11-23T25:00', 'ayer', '', null, 20261123, {}])(
    'answers null for %p',
    (value) => {
      expect(parseDateOrDateTime(value)).toBeNull();
    },
  );
});

describe('camposDatosShapeError', () => {
  it('accepts an object of plain values', () => {
    expect(camposDatosShapeError({})).toBeNull();
    expect(camposDatosShapeError({ a: 'texto', b: 1.5, c: 0, d: -2, e: true, f: false, g: null, h: '' })).toBeNull();
    expect(camposDatosShapeError(Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`campo ${i}`, i])))).toBeNull();
    expect(camposDatosShapeError({ ['n'.repeat(100)]: 'x'.repeat(SESSION_LIMITS.fieldValueMax) })).toBeNull();
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a list', ['a']],
    ['text', 'a'],
    ['a number', 3],
    ['a nested object', { a: { b: 1 } }],
    ['a list value', { a: [1] }],
    ['NaN', { a: Number.NaN }],
    ['Infinity', { a: Number.POSITIVE_INFINITY }],
    ['51 fields', Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`campo ${i}`, i]))],
    ['a name over 100 characters', { ['n'.repeat(101)]: 1 }],
    ['a value over the limit', { a: 'x'.repeat(SESSION_LIMITS.fieldValueMax + 1) }],
  ])('refuses %s', (_label, value) => {
    expect(camposDatosShapeError(value)).toBe(MSG.sessions.camposDatos);
  });
});

describe('sessionRuleError', () => {
  const input = (overrides: Partial<SessionRuleInput>): SessionRuleInput => ({
    tipoSesion: 'psicoterapia',
    campos: null,
    notas: 'Notas',
    intencion: null,
    tipoMedicina: null,
    camposDatos: {},
    ...overrides,
  });

  it('psychotherapy needs notes', () => {
    expect(sessionRuleError(input({}))).toBeNull();
    for (const notas of [null, '', '   ', '\n\t']) expect(sessionRuleError(input({ notas }))).toBe(MSG.sessions.notesRequired);
  });

  it('a psychedelic session needs its intention and medicine, not notes', () => {
    const psychedelic = (intencion: string | null, tipoMedicina: string | null) =>
      input({ tipoSesion: 'psicodelica', notas: null, intencion, tipoMedicina });
    expect(sessionRuleError(psychedelic('Sanar', 'Ayahuasca'))).toBeNull();
    for (const [i, m] of [
      [null, 'Ayahuasca'],
      ['Sanar', null],
      [' ', 'Ayahuasca'],
      ['Sanar', ''],
      [null, null],
    ]) {
      expect(sessionRuleError(psychedelic(i, m))).toBe(MSG.sessions.psychedelicRequired);
    }
  });

  it('needs a type: built-in or custom', () => {
    expect(sessionRuleError(input({ tipoSesion: null }))).toBe(MSG.sessions.typeRequired);
    expect(sessionRuleError(input({ tipoSesion: 'hipnosis' }))).toBe(MSG.sessions.typeRequired);
    expect(sessionRuleError(input({ tipoSesion: null, campos: [], notas: null }))).toBeNull();
  });

  it('refuses custom values on a built-in type, naming the first', () => {
    expect(sessionRuleError(input({ camposDatos: { Extra: 1, Otro: 2 } }))).toBe(fill(MSG.sessions.fieldUnknown, { name: 'Extra' }));
  });

  it('checks a custom type’s fields', () => {
    const campos = [field('Motivo', 'text')];
    expect(sessionRuleError(input({ tipoSesion: null, campos, camposDatos: { Motivo: 'x' } }))).toBeNull();
    expect(sessionRuleError(input({ tipoSesion: null, campos, camposDatos: {} }))).toBe(
      fill(MSG.sessions.fieldRequired, { name: 'Motivo' }),
    );
  });
});

describe('camposDatosError', () => {
  const campos = [
    field('Motivo', 'text'),
    field('Detalle', 'textarea', false),
    field('Intensidad', 'number'),
    field('Opcional', 'number', false),
    field('Modalidad', 'select', true, ['Presencial', 'En línea']),
    field('Acepta', 'checkbox'),
    field('Seguimiento', 'checkbox', false),
  ];
  const valid = { Motivo: 'Duelo', Intensidad: 0, Modalidad: 'Presencial', Acepta: true };

  it('accepts filled required fields (0 is a value) and optional ones left out, empty or unchecked', () => {
    expect(camposDatosError(campos, valid)).toBeNull();
    expect(camposDatosError(campos, { ...valid, Detalle: '', Opcional: null, Seguimiento: false })).toBeNull();
    expect(camposDatosError(campos, { ...valid, Detalle: 'Texto', Opcional: -3.25, Seguimiento: true })).toBeNull();
    expect(camposDatosError([], {})).toBeNull();
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a required text missing', { Motivo: undefined }, 'fieldRequired', 'Motivo'],
    ['a required text blank', { Motivo: '  ' }, 'fieldRequired', 'Motivo'],
    ['a required number null', { Intensidad: null }, 'fieldRequired', 'Intensidad'],
    ['a required select empty', { Modalidad: '' }, 'fieldRequired', 'Modalidad'],
    ['a required checkbox unchecked', { Acepta: false }, 'fieldRequired', 'Acepta'],
    ['a number as text', { Intensidad: '7' }, 'fieldNumber', 'Intensidad'],
    ['an optional number as text', { Opcional: 'mucho' }, 'fieldNumber', 'Opcional'],
    ['a checkbox as text', { Acepta: 'sí' }, 'fieldBoolean', 'Acepta'],
    ['a checkbox as a number', { Seguimiento: 1 }, 'fieldBoolean', 'Seguimiento'],
    ['a select outside its options', { Modalidad: 'presencial' }, 'fieldOption', 'Modalidad'],
    ['a select given a boolean', { Modalidad: true }, 'fieldOption', 'Modalidad'],
    ['a text given a number', { Motivo: 5 }, 'fieldText', 'Motivo'],
    ['a textarea given a boolean', { Detalle: true }, 'fieldText', 'Detalle'],
    ['an unknown field', { Color: 'azul' }, 'fieldUnknown', 'Color'],
  ])('refuses %s', (_label, change, key, name) => {
    const datos = JSON.parse(JSON.stringify({ ...valid, ...change }));
    expect(camposDatosError(campos, datos)).toBe(fill(MSG.sessions[key as 'fieldRequired'], { name }));
  });

  it('reads a field named like an object built-in (constructor) as its value, not the built-in', () => {
    const special = [{ nombre: 'constructor', tipo: 'text' as const, requerido: true, placeholder: null, opciones: [] }];
    expect(camposDatosError(special, {})).toBe(fill(MSG.sessions.fieldRequired, { name: 'constructor' }));
    expect(camposDatosError(special, JSON.parse('{"constructor":"hola"}'))).toBeNull();
  });

  it('answers the first problem: unknown fields first, then the fields in their order', () => {
    expect(camposDatosError(campos, { Color: 1, Intensidad: 'x' })).toBe(fill(MSG.sessions.fieldUnknown, { name: 'Color' }));
    expect(camposDatosError(campos, { Intensidad: 'x' })).toBe(fill(MSG.sessions.fieldRequired, { name: 'Motivo' }));
    expect(camposDatosError(campos, { Motivo: 'a', Intensidad: 'x', Acepta: false })).toBe(
      fill(MSG.sessions.fieldNumber, { name: 'Intensidad' }),
    );
  });
});

describe('textOrNull', () => {
  it('keeps text as written and makes blank text null', () => {
    expect(textOrNull('  Hola ')).toBe('  Hola ');
    for (const blank of ['', '   ', '\n', null, undefined]) expect(textOrNull(blank)).toBeNull();
  });
});

describe('videoInfoError', () => {
  const segment = { speaker_label: 'Paciente', start_time: 0, end_time: 1.5, text: 'Hola' };

  it('accepts the known keys with their kinds', () => {
    expect(videoInfoError({})).toBeNull();
    expect(
      videoInfoError({
        script_text: 'Texto',
        analisis_ia: null,
        transcript: [segment, { ...segment, start_time: 1.5, end_time: 1.5 }],
        video_url: null,
        file_key: null,
        estado_upload: 'subido',
        upload_progress: 100,
      }),
    ).toBeNull();
    expect(videoInfoError({ transcript: null, upload_progress: 0 })).toBeNull();
  });

  it.each<[string, unknown, string]>([
    ['not an object', 'x', MSG.drafts.videoInfo],
    ['null', null, MSG.drafts.videoInfo],
    ['a list', [segment], MSG.drafts.videoInfo],
    ['an unknown key', { otro: 1 }, `${MSG.drafts.videoInfo}: otro`],
    ['a key named like an object built-in', JSON.parse('{"toString":"x"}'), `${MSG.drafts.videoInfo}: toString`],
    ['a segment without a speaker', { transcript: [{ ...segment, speaker_label: undefined }] }, `${MSG.drafts.videoInfo}: transcript`],
    ['a segment with a negative start', { transcript: [{ ...segment, start_time: -1 }] }, `${MSG.drafts.videoInfo}: transcript`],
    [
      'a segment ending before it starts',
      { transcript: [{ ...segment, start_time: 2, end_time: 1 }] },
      `${MSG.drafts.videoInfo}: transcript`,
    ],
    ['a segment with a long label', { transcript: [{ ...segment, speaker_label: 'x'.repeat(51) }] }, `${MSG.drafts.videoInfo}: transcript`],
    ['a transcript object', { transcript: segment }, `${MSG.drafts.videoInfo}: transcript`],
    ['a numeric script', { script_text: 1 }, `${MSG.drafts.videoInfo}: script_text`],
    ['a fractional progress', { upload_progress: 50.5 }, `${MSG.drafts.videoInfo}: upload_progress`],
    ['a progress over 100', { upload_progress: 101 }, `${MSG.drafts.videoInfo}: upload_progress`],
    ['a long upload state', { estado_upload: 'x'.repeat(31) }, `${MSG.drafts.videoInfo}: estado_upload`],
    ['a video_url', { video_url: 'https://example.com/v.mp4' }, MSG.sessions.videoUrl],
    ['a file_key', { file_key: 'k' }, MSG.sessions.videoUrl],
  ])('refuses %s', (_label, value, message) => {
    expect(videoInfoError(value)).toBe(message);
  });
});

describe('draft writes', () => {
  /** An Execute that records its statements and answers `rows`. */
  const recorder = (rows: unknown[] = [{ id: 'x' }]) => {
    const calls: { sql: string; params: unknown[] }[] = [];
    const execute: Execute = async (sql, params) => {
      calls.push({ sql, params });
      return rows;
    };
    return { calls, execute };
  };
  const placeholders = (sql: string) => (sql.match(/\?/g) ?? []).length;

  it('a save sets only the columns it names, merges the video info and touches updated_at; never on a saved draft', async () => {
    const { calls, execute } = recorder();
    const fecha = new Date('2026-11-23T10:00:00Z');
    expect(await writeDraftContent(execute, 'id-1', { notas: 'N', campos_datos: { a: 1 }, fecha }, { script_text: 'S' }, false)).toBe(true);
    expect(calls).toHaveLength(1);
    const [{ sql, params }] = calls;
    expect(sql).toBe(
      'update "session_drafts" set "notas" = ?, "campos_datos" = ?::jsonb, "fecha" = ?, "archivo_video_info" = "archivo_video_info" || ?::jsonb, "updated_at" = now() where "id" = ? and "estado" not in (\'completado\') returning "id"',
    );
    expect(params).toEqual(['N', '{"a":1}', '2026-11-23T10:00:00.000Z', '{"script_text":"S"}', 'id-1']);
    expect(placeholders(sql)).toBe(params.length);
  });

  it('a save of the job’s fields applies only while no job owns the draft', async () => {
    const { calls, execute } = recorder([]);
    expect(await writeDraftContent(execute, 'id-1', { analisis_ia_paciente: 'A' }, undefined, true)).toBe(false);
    expect(calls[0].sql).toMatch(
      /where "id" = \? and "estado" not in \('procesando', 'transcribiendo', 'guardando', 'completado'\) returning "id"$/,
    );
    expect(calls[0].params).toEqual(['A', 'id-1']);
  });

  it('a job writes its state without the busy guard and without touching updated_at', async () => {
    const { calls, execute } = recorder();
    const transcript = [{ speaker_label: 'A', start_time: 0, end_time: 1, text: 'Hola' }];
    expect(await writeDraftJobState(execute, 'id-2', { estado: 'transcribiendo', progreso: 40, video: { transcript } })).toBe(true);
    const [{ sql, params }] = calls;
    expect(sql).toBe(
      'update "session_drafts" set "estado" = ?, "progreso" = ?, "archivo_video_info" = "archivo_video_info" || ?::jsonb where "id" = ? returning "id"',
    );
    expect(params).toEqual(['transcribiendo', 40, JSON.stringify({ transcript }), 'id-2']);
    expect(sql).not.toContain('updated_at');
    expect(sql).not.toContain('not in');
  });

  it('an empty write is a harmless statement; a missing draft answers false; a strange column throws', async () => {
    const empty = recorder([]);
    expect(await writeDraftJobState(empty.execute, 'id-3', { video: {} })).toBe(false);
    expect(empty.calls[0].sql).toBe('update "session_drafts" set "id" = "id" where "id" = ? returning "id"');
    const bad = recorder();
    await expect(writeDraftContent(bad.execute, 'id-4', { ['notas" = null; --' as 'notas']: 'x' }, undefined, false)).rejects.toThrow(
      'Not a draft column',
    );
    expect(bad.calls).toHaveLength(0);
  });
});
