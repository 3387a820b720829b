import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PublicAppointmentAction } from '@consulta/shared';

/**
 * The mailed links of an appointment (`{PUBLIC_URL}/cita/{token}`): a token names one appointment, one purpose
 * ('confirmar' or 'cancelar') and the start it was issued for, signed with HMAC-SHA256. No row keeps them: the
 * signature is the credential. A link dies at that start, and it never acts on another start (a moved appointment's
 * old link is refused: see PublicAppointmentsService).
 *
 * Layout, 58 bytes as unpadded base64url (78 characters): version (1) · appointment id (16) · purpose (1) · start in ms
 * since the epoch (8, big-endian) · HMAC-SHA256 of the 26 bytes before it (32).
 */
export interface AppointmentLink {
  id: string;
  accion: PublicAppointmentAction;
  /** The appointment's start when the link was made, in ms since the epoch. */
  startMs: number;
}

const VERSION = 1;
const PURPOSES: readonly PublicAppointmentAction[] = ['confirmar', 'cancelar'];
const BODY_BYTES = 1 + 16 + 1 + 8;
const MAC_BYTES = 32;
const TOKEN_CHARS = Math.ceil(((BODY_BYTES + MAC_BYTES) * 4) / 3);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The links' own key, derived from JWT_SECRET: a link is no access token and an access token's signature no link
 * (each is a MAC under another key), and rotating JWT_SECRET ends both.
 */
export const appointmentLinkKey = (jwtSecret: string): Buffer =>
  createHmac('sha256', jwtSecret).update('consulta:enlaces-de-cita:v1').digest();

const mac = (key: Buffer, body: Buffer): Buffer => createHmac('sha256', key).update(body).digest();

export function signAppointmentLink(key: Buffer, link: AppointmentLink): string {
  if (!UUID.test(link.id)) throw new Error(`Not an appointment id: ${link.id}`);
  const body = Buffer.alloc(BODY_BYTES);
  body.writeUInt8(VERSION, 0);
  Buffer.from(link.id.replace(/-/g, ''), 'hex').copy(body, 1);
  body.writeUInt8(PURPOSES.indexOf(link.accion), 17);
  body.writeBigInt64BE(BigInt(Math.floor(link.startMs)), 18);
  return Buffer.concat([body, mac(key, body)]).toString('base64url');
}

/**
 * What a token names when it is one this key signed, else null (forged, altered, truncated, another version). Its
 * time is the caller's to check (`live`).
 */
export function readAppointmentLink(key: Buffer, token: unknown): AppointmentLink | null {
  if (typeof token !== 'string' || token.length !== TOKEN_CHARS || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  // One spelling per token: the unused low bits of the last character changed are an altered token too.
  if (bytes.length !== BODY_BYTES + MAC_BYTES || bytes.toString('base64url') !== token) return null;
  const body = bytes.subarray(0, BODY_BYTES);
  if (!timingSafeEqual(bytes.subarray(BODY_BYTES), mac(key, body))) return null;
  const accion = PURPOSES[body.readUInt8(17)];
  if (body.readUInt8(0) !== VERSION || !accion) return null;
  const hex = body.subarray(1, 17).toString('hex');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { id, accion, startMs: Number(body.readBigInt64BE(18)) };
}

/** Whether a link still acts at `now`: until the start it was issued for. */
export const linkIsLive = (link: AppointmentLink, now: number = Date.now()): boolean => now < link.startMs;
