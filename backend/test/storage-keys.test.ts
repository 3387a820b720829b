import { randomUUID } from 'node:crypto';
import { LocalSignature, storageSigningKey } from '../src/storage/drivers/local-signature';
import { customSegments, keyFromFilesPath, keyOwner, newKey, ownerPrefix, safeFileName } from '../src/storage/file-keys';

// Pure helpers of storage: keys inside the caller's space, and the local driver's URL signatures (no app).

const me = randomUUID();
const other = randomUUID();

describe('customSegments keeps every upload inside the caller space', () => {
  it.each([
    ['', []],
    ['ejercicios', ['ejercicios']],
    ['/ejercicios//./semana 1/', ['ejercicios', 'semana_1']],
    [`sesiones/${me}`, ['sesiones', me]],
    [`files/${me}/ejercicios`, ['ejercicios']],
    [`files/${other}/ejercicios`, ['files', other, 'ejercicios']],
    ['C:\\Windows\\system32', ['C_', 'Windows', 'system32']],
    ['.ocultos/<script>', ['_ocultos', '_script_']],
  ])('%j → %j', (input, expected) => {
    expect(customSegments(input, me)).toEqual(expected);
  });

  it.each(['..', '../otro', 'ejercicios/../../x', `files/${me}/../${other}`, 'a/b/c/d/e/f'])('refuses %j', (input) => {
    expect(customSegments(input, me)).toBeNull();
  });

  it('a new key is under the owner prefix, unique and names the file', () => {
    const a = newKey(me, ['ejercicios'], 'Guía de respiración.pdf');
    const b = newKey(me, ['ejercicios'], 'Guía de respiración.pdf');
    expect(a.startsWith(`${ownerPrefix(me)}ejercicios/`)).toBe(true);
    expect(a).toMatch(/\/[0-9a-f]{16}-Guía de respiración\.pdf$/);
    expect(a).not.toBe(b);
    expect(keyOwner(a)).toBe(me);
  });
});

describe('keyOwner', () => {
  it.each([
    ['files', null],
    [`files/${me}`, null],
    [`files/no-uuid/x.pdf`, null],
    [`otros/${me}/x.pdf`, null],
    [`files/${me}/../${other}/x.pdf`, null],
    [`files/${me}//x.pdf`, null],
    [`files/${me}/x\u0000.pdf`, null],
    [`files/${me}/x.pdf`, me],
  ])('%j → %j', (key, owner) => {
    expect(keyOwner(key)).toBe(owner);
  });

  it('GET /aws-s3/files/{rest} names the key without its leading files/', () => {
    expect(keyFromFilesPath(`${me}/x.pdf`)).toBe(`files/${me}/x.pdf`);
    expect(keyFromFilesPath(`files/${me}/x.pdf`)).toBe(`files/${me}/x.pdf`);
  });
});

describe('safeFileName', () => {
  it.each([
    ['sesión 1 (final).mp4', 'sesión 1 (final).mp4'],
    ['../../etc/passwd', '_.._etc_passwd'],
    ['.bashrc', 'bashrc'],
    ['a/b\\c:d*e?.mov', 'a_b_c_d_e_.mov'],
    ['   ', 'archivo'],
  ])('%j → %j', (input, expected) => {
    expect(safeFileName(input)).toBe(expected);
  });

  it('shortens long names and keeps the extension', () => {
    const name = safeFileName(`${'x'.repeat(300)}.mp4`);
    expect(name.length).toBe(120);
    expect(name.endsWith('.mp4')).toBe(true);
  });
});

describe('LocalSignature', () => {
  const signature = new LocalSignature(storageSigningKey('a-secret-of-the-app-0123456789abcdef'));
  const query = (text: string) => Object.fromEntries(new URLSearchParams(text));
  const fields = { key: `files/${me}/x.mp4`, size: '10', type: 'video/mp4' };

  it('accepts its own URL until it expires', () => {
    const now = Date.now();
    const signed = query(signature.query('put', fields, 60, now));
    expect(signature.verify('put', signed, now)).toBe('valid');
    expect(signature.verify('put', signed, now + 59_000)).toBe('valid');
    expect(signature.verify('put', signed, now + 61_000)).toBe('expired');
  });

  it('refuses a changed fact, another operation, another secret or no signature', () => {
    const signed = query(signature.query('put', fields, 60));
    expect(signature.verify('put', { ...signed, size: '11' }, Date.now())).toBe('invalid');
    expect(signature.verify('put', { ...signed, expires: String(Number(signed.expires) + 3600) })).toBe('invalid');
    expect(signature.verify('get', signed)).toBe('invalid');
    expect(new LocalSignature(storageSigningKey('another-secret-0123456789abcdef0123')).verify('put', signed)).toBe('invalid');
    const { signature: _dropped, ...unsigned } = signed;
    expect(signature.verify('put', unsigned)).toBe('invalid');
    expect(signature.verify('put', { ...signed, extra: 'x' })).toBe('invalid');
  });
});
