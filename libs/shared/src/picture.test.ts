import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import { isPictureUrl, pictureUrlError } from './picture';

describe('profile pictures', () => {
  it.each(['https://lh3.googleusercontent.com/a/ACg8ocJ0x=s96-c', 'https://consultorio.example.com/fotos/ana.jpg?v=2'])(
    'accepts %s',
    (url) => {
      expect(isPictureUrl(url)).toBe(true);
      expect(pictureUrlError(url)).toBeNull();
    },
  );

  it.each([
    'javascript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/png;base64,iVBORw0KGgo=',
    'http://lh3.googleusercontent.com/a/x',
    'https://127.0.0.1/a.png',
    'https://2130706433/a.png',
    'https://10.1/a.png',
    'https://[::1]/a.png',
    'https://localhost/a.png',
    'https://LOCALHOST./a.png',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://nas.local/a.png',
    'https://intranet/a.png',
    'https://fotos.example.com:8443/a.png',
    'https://usuario:clave@fotos.example.com/a.png',
    'files/0b0e.../foto.png',
    `https://fotos.example.com/${'a'.repeat(2048)}`,
  ])('refuses %s', (url) => {
    expect(isPictureUrl(url)).toBe(false);
    expect(pictureUrlError(url)).toBe(MSG.profile.pictureUrl);
  });

  it('takes absent, null and blank as "back to the Google picture"', () => {
    for (const value of [undefined, null, '', '   ']) expect(pictureUrlError(value)).toBeNull();
    expect(pictureUrlError(42)).toBe(MSG.profile.pictureUrl);
  });
});
