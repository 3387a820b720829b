import { describe, expect, it } from 'vitest';
import { consentReturnOf } from './consentReturn';

describe("a consent gate's way back", () => {
  it('takes a page of the therapist area and a consent kind', () => {
    const back = { returnTo: '/dashboard/terapeuta/pacientes/p1/nueva-sesion?borrador=d1', kind: 'grabacion' };
    expect(consentReturnOf(back)).toEqual(back);
  });

  it('ignores anything else: no state, another area, another site, an unknown kind', () => {
    expect(consentReturnOf(null)).toBeNull();
    expect(consentReturnOf('texto')).toBeNull();
    expect(consentReturnOf({ returnTo: '/dashboard/paciente', kind: 'ia' })).toBeNull();
    expect(consentReturnOf({ returnTo: 'https://otro.example/dashboard/terapeuta/x', kind: 'ia' })).toBeNull();
    expect(consentReturnOf({ returnTo: '/dashboard/terapeuta/pacientes', kind: 'otro' })).toBeNull();
  });
});
