import { describe, expect, it } from 'vitest';
import { consentsInForce } from './consents';

describe('consentsInForce', () => {
  it('is true for a kind with an open record, whatever closed records came before', () => {
    const records = [
      { tipo: 'ia' as const, revocado_en: null },
      { tipo: 'ia' as const, revocado_en: '2026-11-01T10:00:00.000Z' },
      { tipo: 'grabacion' as const, revocado_en: '2026-11-02T10:00:00.000Z' },
    ];
    expect(consentsInForce(records)).toEqual({ grabacion: false, ia: true, whatsapp: false });
    expect(consentsInForce([])).toEqual({ grabacion: false, ia: false, whatsapp: false });
  });
});
