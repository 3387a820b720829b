import { describe, expect, it } from 'vitest';
import { returnPath } from './routesConfig';

describe('returnPath', () => {
  it('returns to a page in the area of the signed-in role, with its query', () => {
    expect(returnPath('/dashboard/terapeuta/tipos-sesiones?x=1', 'terapeuta')).toBe('/dashboard/terapeuta/tipos-sesiones?x=1');
    expect(returnPath('/dashboard/paciente', 'paciente')).toBe('/dashboard/paciente');
  });

  it('sends everything else to the dashboard: other roles, public pages, look-alike and foreign paths', () => {
    for (const from of [
      '/dashboard/paciente/perfil',
      '/features',
      '/',
      '/login',
      '/change-password',
      '/dashboard/terapeutas',
      '//evil.example',
      'https://evil.example',
      42,
      undefined,
    ]) {
      expect(returnPath(from, 'terapeuta')).toBeNull();
    }
  });
});
