import { MSG } from './messages';

// The WHATWG URL of browsers and Node alike; this library compiles without either's types.
declare const URL: new (input: string) => { protocol: string; username: string; password: string; port: string; hostname: string };

/** Names that reach this machine or a private network rather than the internet. */
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|localdomain)$/i;

/**
 * Whether `value` can be a profile picture: an `https:` address on a public host name, as Google's pictures
 * are. Anything a browser would run or read locally is refused: other schemes (`javascript:`, `data:`, `http:`),
 * IP literals and single-label or local names (this machine, the practice's network), ports, credentials. A
 * public name that resolves to a private address cannot be told apart without resolving it: the CSP and the
 * browser are the next line there.
 */
export function isPictureUrl(value: unknown): value is string {
  // No address holds raw spaces (the URL parser would quietly drop those around it).
  if (typeof value !== 'string' || value.length > 2048 || /\s/.test(value)) return false;
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const host = url.hostname.replace(/\.$/, ''); // 'localhost.' is localhost
  return (
    url.protocol === 'https:' &&
    url.username === '' &&
    url.password === '' &&
    url.port === '' &&
    host.includes('.') &&
    !LOCAL_NAMES.test(host) &&
    !/^[\d.]+$/.test(host) && // IPv4, also written short (https://10.1/)
    !host.startsWith('[') // IPv6
  );
}

/** The profile picture a therapist may set: absent, null or blank (back to the Google one), or a picture URL. */
export function pictureUrlError(value: unknown): string | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null;
  return isPictureUrl(typeof value === 'string' ? value.trim() : value) ? null : MSG.profile.pictureUrl;
}
