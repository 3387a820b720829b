import type { AccessHistoryItem } from '@consulta/shared';
import { describe, expect, it } from 'vitest';
import { browserOf, describeAccess, groupWhen } from './accessHistoryFormat';

const item: AccessHistoryItem = {
  id: '1',
  fecha: '2026-11-20T10:00:00.000Z',
  tipo: 'sesion',
  accion: 'modificacion',
  usuario_nombre: 'Dra. Ana Martínez',
  usuario_rol: 'terapeuta',
  ip: '10.0.0.7',
  agente: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  exito: true,
  estado_http: 200,
};

describe('describeAccess', () => {
  it('says what, who, when, from where and the result in Spanish', () => {
    const line = describeAccess(item);
    expect(line.what).toBe('Modificación · Sesión');
    expect(line.who).toBe('Dra. Ana Martínez (Terapeuta)');
    expect(line.when).toMatch(/^20\/11\/2026, \d{2}:00$/);
    expect(line.from).toBe('10.0.0.7 · Chrome 131');
    expect(line).toMatchObject({ result: 'Correcto', ok: true });
  });

  it('names a failure by its status, a deleted user, and an unknown origin', () => {
    const line = describeAccess({
      ...item,
      exito: false,
      estado_http: 400,
      usuario_nombre: null,
      usuario_rol: 'paciente',
      ip: null,
      agente: null,
    });
    expect(line).toMatchObject({ result: 'Fallido (400)', ok: false, who: 'Usuario eliminado (Paciente)', from: 'Desconocido' });
  });
});

describe('browserOf', () => {
  it('names common browsers and falls back to the first word', () => {
    expect(browserOf('Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15')).toBe('Safari 18');
    expect(browserOf('Mozilla/5.0 (Windows NT 10.0; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox 133');
    expect(browserOf('Mozilla/5.0 Chrome/131.0 Safari/537.36 Edg/131.0')).toBe('Edge 131');
    expect(browserOf('curl/8.5.0')).toBe('curl');
    expect(browserOf(null)).toBeNull();
  });
});

describe('groupWhen', () => {
  // Local times (the test's zone), as the therapist reads them.
  const at = (h: number, m: number, day = 20) => new Date(2026, 10, day, h, m).toISOString();

  it('gives one access its date and time', () => {
    expect(groupWhen({ desde: at(10, 0), fecha: at(10, 0), veces: 1 })).toBe('20/11/2026, 10:00');
  });

  it('gives a group on one day its first time and its last', () => {
    expect(groupWhen({ desde: at(10, 0), fecha: at(10, 9), veces: 3 })).toBe('20/11/2026, 10:00–10:09');
  });

  it('gives a group within one minute one time', () => {
    expect(groupWhen({ desde: at(10, 0), fecha: at(10, 0), veces: 4 })).toBe('20/11/2026, 10:00');
  });

  it('gives both date-times to a group across midnight', () => {
    expect(groupWhen({ desde: at(23, 58), fecha: at(0, 4, 21), veces: 2 })).toBe('20/11/2026, 23:58 – 21/11/2026, 00:04');
  });
});
