import { MSG } from '@consulta/shared';
import { describe, expect, it } from 'vitest';
import { aPatientProfile } from '../../test/factories';
import { toForm, toPayload, validate } from './profileForm';

const PROFILE = aPatientProfile({
  telefono: '+34612345678',
  direccion: 'Calle Mayor 1',
  fecha_nacimiento: '1990-05-12',
  genero: 'Mujer',
  fecha_ingreso: '2026-03-10',
  notas: 'Prefiero que me llamen Lu.',
  sesiones_completadas: 3,
});

describe('the profile form', () => {
  it("starts a profile without a phone at the practice's dial code, and keeps a saved number's own", () => {
    expect(toForm({ ...PROFILE, telefono: null }, '+57').dialCode).toBe('+57');
    expect(toForm(PROFILE, '+57').dialCode).toBe('+34');
  });

  it('splits the stored number into its dial code and digits', () => {
    expect(toForm(PROFILE)).toEqual({
      dialCode: '+34',
      telefono: '612345678',
      direccion: 'Calle Mayor 1',
      fecha_nacimiento: '1990-05-12',
      genero: 'Mujer',
      notas: 'Prefiero que me llamen Lu.',
      foto_perfil: null,
    });
    expect(toForm({ ...PROFILE, telefono: null, direccion: null, fecha_nacimiento: null, genero: null, notas: null })).toMatchObject({
      dialCode: '+34',
      telefono: '',
      direccion: '',
      fecha_nacimiento: '',
      genero: '',
      notas: '',
    });
  });

  it('sends only what changed', () => {
    const initial = toForm(PROFILE);
    expect(toPayload(initial, initial)).toEqual({});
    expect(toPayload({ ...initial, telefono: '699111222' }, initial)).toEqual({ telefono: '+34699111222' });
    expect(toPayload({ ...initial, dialCode: '+57' }, initial)).toEqual({ telefono: '+57612345678' });
    expect(toPayload({ ...initial, direccion: '  Calle Mayor 1 ' }, initial)).toEqual({});
    expect(toPayload({ ...initial, direccion: ' ', fecha_nacimiento: '' }, initial)).toEqual({ direccion: null, fecha_nacimiento: null });
    expect(toPayload({ ...initial, genero: ' Mujer ', notas: 'Prefiero que me llamen Lu.\n' }, initial)).toEqual({});
    expect(toPayload({ ...initial, genero: 'No binario', notas: '  Me cuesta dormir.\nLos lunes, más.  ' }, initial)).toEqual({
      genero: 'No binario',
      notas: 'Me cuesta dormir.\nLos lunes, más.',
    });
    expect(toPayload({ ...initial, genero: '', notas: '   ' }, initial)).toEqual({ genero: null, notas: null });
    expect(toPayload({ ...initial, foto_perfil: 'files/t/pacientes/p1/perfil/ab-yo.png' }, initial)).toEqual({
      foto_perfil: 'files/t/pacientes/p1/perfil/ab-yo.png',
    });
  });

  it('checks the phone (it cannot be emptied) and the birth date as the server does', () => {
    const form = toForm(PROFILE);
    expect(validate(form, '2026-11-24')).toEqual({});
    expect(validate({ ...form, telefono: '' }, '2026-11-24')).toEqual({ telefono: MSG.required.telefono });
    expect(validate({ ...form, telefono: '12345' }, '2026-11-24')).toEqual({ telefono: MSG.phone.tooShort });
    expect(validate({ ...form, fecha_nacimiento: '2026-11-25' }, '2026-11-24')).toEqual({ fecha_nacimiento: MSG.patients.birthDate });
    expect(validate({ ...form, fecha_nacimiento: '1990-02-30' }, '2026-11-24')).toEqual({ fecha_nacimiento: MSG.patients.birthDate });
    expect(validate({ ...form, fecha_nacimiento: '' }, '2026-11-24')).toEqual({});
  });

  it('keeps the gender and the notes within their lengths, counted as they are sent (trimmed)', () => {
    const form = toForm(PROFILE);
    expect(validate({ ...form, genero: 'g'.repeat(50), notas: 'n'.repeat(2000) }, '2026-11-24')).toEqual({});
    expect(validate({ ...form, notas: ` ${'n'.repeat(2000)}\n` }, '2026-11-24')).toEqual({});
    expect(validate({ ...form, genero: 'g'.repeat(51), notas: 'n'.repeat(2001) }, '2026-11-24')).toEqual({
      genero: 'El género no puede tener más de 50 caracteres',
      notas: 'Tus notas no pueden tener más de 2000 caracteres',
    });
  });
});
