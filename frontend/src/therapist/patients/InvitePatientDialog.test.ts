import { MSG } from '@consulta/shared';
import { describe, expect, it } from 'vitest';
import { inviteError } from './InvitePatientDialog';

describe('invite dialog checks', () => {
  it('e-mail pattern and WhatsApp digits', () => {
    expect(inviteError('email', 'a@b.co', '')).toBeNull();
    expect(inviteError('email', 'a@b', '')).toBe(MSG.email.format);
    expect(inviteError('whatsapp', '', '3001234567')).toBeNull();
    expect(inviteError('whatsapp', '', '123456')).toBe(MSG.phone.whatsapp);
    expect(inviteError('whatsapp', '', '0300123456')).toBe(MSG.phone.whatsapp);
    expect(inviteError('whatsapp', '', '1234567890123')).toBe(MSG.phone.whatsapp);
  });
});
