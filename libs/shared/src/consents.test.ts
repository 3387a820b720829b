import { describe, expect, it } from 'vitest';
import { askedConsentsError, CONSENT_NOTE_MAX, consentsInForce, initialConsentsError } from './consents';
import { MSG, fillMessage } from './messages';

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

describe('the consents taken with a new patient and asked in an invitation', () => {
  it('initialConsentsError accepts absent, empty and distinct recording/AI grants; says the first problem otherwise', () => {
    expect(initialConsentsError(undefined)).toBeNull();
    expect(initialConsentsError(null)).toBeNull();
    expect(initialConsentsError([])).toBeNull();
    expect(
      initialConsentsError([
        { tipo: 'grabacion', forma: 'escrito', nota: 'Archivado' },
        { tipo: 'ia', forma: 'digital', nota: null },
      ]),
    ).toBeNull();
    expect(initialConsentsError({ tipo: 'ia', forma: 'verbal' })).toBe(MSG.consents.initialList);
    expect(initialConsentsError(['ia'])).toBe(MSG.consents.initialList);
    expect(initialConsentsError([{ tipo: 'whatsapp', forma: 'verbal' }])).toBe(MSG.consents.askableKind);
    expect(initialConsentsError([{ tipo: 'ia', forma: 'migracion' }])).toBe(MSG.consents.form);
    expect(initialConsentsError([{ tipo: 'ia', forma: 'verbal', nota: 3 }])).toBe(MSG.consents.note);
    expect(initialConsentsError([{ tipo: 'ia', forma: 'verbal', fecha: '2026-11-01' }])).toBe(
      fillMessage(MSG.validation.notAllowed, { campo: 'consentimientos.fecha' }),
    );
    expect(initialConsentsError([{ tipo: 'ia', forma: 'verbal', nota: 'x'.repeat(CONSENT_NOTE_MAX + 1) }])).toBe(MSG.consents.note);
    expect(
      initialConsentsError([
        { tipo: 'ia', forma: 'verbal' },
        { tipo: 'ia', forma: 'escrito' },
      ]),
    ).toBe(MSG.consents.repeated);
  });

  it('askedConsentsError accepts absent, empty and distinct recording/AI kinds', () => {
    expect(askedConsentsError(undefined)).toBeNull();
    expect(askedConsentsError([])).toBeNull();
    expect(askedConsentsError(['ia', 'grabacion'])).toBeNull();
    expect(askedConsentsError('ia')).toBe(MSG.consents.askableList);
    expect(askedConsentsError(['ia', 'grabacion', 'ia'])).toBe(MSG.consents.askableList);
    expect(askedConsentsError(['whatsapp'])).toBe(MSG.consents.askableKind);
    expect(askedConsentsError(['ia', 'ia'])).toBe(MSG.consents.repeated);
  });
});
