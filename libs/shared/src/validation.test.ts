import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import { passwordErrors, passwordStrength } from './password';
import { ageError, emailError, fullPhoneError, nameError, phoneError, formatPhone, splitFullPhone } from './contact';

describe('passwordErrors', () => {
  it('accepts a password that meets every rule', () => {
    expect(passwordErrors('Nube$Clara42')).toEqual([]);
  });
  it.each([
    ['Ab1$', MSG.password.tooShort],
    ['A1$' + 'xy'.repeat(70), MSG.password.tooLong],
    ['nube$clara42', MSG.password.uppercase],
    ['NUBE$CLARA42', MSG.password.lowercase],
    ['Nube$Clara', MSG.password.digit],
    ['NubeClara42', MSG.password.special],
    ['Nube$Claaa42', MSG.password.repeated],
    ['Nube$Clara123', MSG.password.sequence],
    ['Nube$QWErty47', MSG.password.sequence],
  ])('%s breaks a rule', (password, message) => {
    expect(passwordErrors(password)).toContain(message);
  });
});

describe('passwordStrength', () => {
  it.each([
    ['abc', 'Débil', 1],
    ['abcdefgH', 'Débil', 3],
    ['abcdefgH1', 'Media', 4],
    ['abcdefgH1$', 'Media', 5],
    ['abcdefgH1$xy', 'Fuerte', 6],
    ['abcdefgH1$xyzwvu', 'Fuerte', 7],
  ])('%s is %s', (password, label, score) => {
    expect(passwordStrength(password)).toEqual({ label, score });
  });
});

describe('contact rules', () => {
  it('checks e-mails', () => {
    expect(emailError(' Ana@Ejemplo.com ')).toBeNull();
    expect(emailError('')).toBe(MSG.required.email);
    expect(emailError('a@b')).toBe(MSG.email.length);
    expect(emailError('ana@@ejemplo.com')).toBe(MSG.email.oneAt);
    expect(emailError('x'.repeat(65) + '@ejemplo.com')).toBe(MSG.email.local);
    expect(emailError('ana@-ejemplo.com')).toBe(MSG.email.domain);
    expect(emailError('ana@ejemplo')).toBe(MSG.email.domain);
  });
  it('checks local phone numbers', () => {
    expect(phoneError('300 123-4567')).toBeNull();
    expect(phoneError('(300) 123 4567')).toBeNull();
    expect(phoneError('123456')).toBe(MSG.phone.tooShort);
    expect(phoneError('1234567890123')).toBe(MSG.phone.tooLong);
    expect(phoneError('0301234567')).toBe(MSG.phone.invalid);
    expect(phoneError('30012a4567')).toBe(MSG.phone.invalid);
  });
  it('checks full numbers with a dial code', () => {
    expect(splitFullPhone('+593991234567')).toEqual({ dialCode: '+593', digits: '991234567' });
    expect(fullPhoneError('+573001234567')).toBeNull();
    expect(fullPhoneError('+993001234567')).toBe(MSG.phone.dialCode);
    expect(fullPhoneError('+57123')).toBe(MSG.phone.tooShort);
  });
  it('checks names and ages', () => {
    expect(nameError("María-José O'Neil", 'nombre')).toBeNull();
    expect(nameError('  ', 'apellido')).toBe(MSG.required.apellido);
    expect(nameError('Ana3', 'nombre')).toBe(MSG.name.nombre);
    expect(ageError('')).toBeNull();
    expect(ageError(0)).toBeNull();
    expect(ageError(-1)).toBe(MSG.age.negative);
    expect(ageError(151)).toBe(MSG.age.tooHigh);
    expect(ageError(20.5)).toBe(MSG.age.integer);
  });
});

describe('formatPhone', () => {
  it('groups a number the way its country reads it', () => {
    expect(formatPhone('+34612345678')).toBe('+34 612 34 56 78');
    expect(formatPhone('+525512345678')).toBe('+52 55 1234 5678');
    expect(formatPhone('+573001234567')).toBe('+57 300 123 4567');
    expect(formatPhone('+15551234567')).toBe('+1 555 123 4567');
    expect(formatPhone('+5932123456')).toBe('+593 212 3456');
  });

  it('leaves alone what it does not know', () => {
    expect(formatPhone('3001234567')).toBe('3001234567');
    expect(formatPhone('+999123')).toBe('+999123');
    expect(formatPhone(null)).toBe('');
  });
});
