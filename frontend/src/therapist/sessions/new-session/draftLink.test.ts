import { describe, expect, it } from 'vitest';
import { askedByLink, draftReturnUrl } from './draftLink';

describe('links back to a draft', () => {
  it("a patient's tab names the draft; the practice-wide page names its patient too; no draft, the page alone", () => {
    expect(draftReturnUrl('/dashboard/terapeuta/pacientes/p1/nueva-sesion', 'd1', null)).toBe(
      '/dashboard/terapeuta/pacientes/p1/nueva-sesion?borrador=d1',
    );
    expect(draftReturnUrl('/dashboard/terapeuta/nueva-sesion', 'd1', 'p1')).toBe(
      '/dashboard/terapeuta/nueva-sesion?paciente=p1&borrador=d1',
    );
    expect(draftReturnUrl('/dashboard/terapeuta/nueva-sesion', null, 'p1')).toBe('/dashboard/terapeuta/nueva-sesion?paciente=p1');
    expect(draftReturnUrl('/dashboard/terapeuta/pacientes/p1/nueva-sesion', null, null)).toBe(
      '/dashboard/terapeuta/pacientes/p1/nueva-sesion',
    );
  });

  it('reads back what the link asks for; blanks ask for nothing', () => {
    expect(askedByLink(new URLSearchParams('paciente=p1&borrador=d1'))).toEqual({ draftId: 'd1', patientId: 'p1' });
    expect(askedByLink(new URLSearchParams('borrador=%20&otra=1'))).toEqual({ draftId: null, patientId: null });
  });
});
