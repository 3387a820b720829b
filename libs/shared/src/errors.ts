import type { AppointmentConflict } from './agenda';
/**
 * Stable codes of error answers (`{ detail, code }`): `detail` is the Spanish sentence a person reads, `code`
 * what a program branches on. The frontend decides by code, never by matching the text.
 */
export const ERROR_CODES = {
  VALIDATION: 'VALIDATION',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  ALREADY_EXISTS: 'ALREADY_EXISTS',
  CONFLICT: 'CONFLICT',
  TOO_LARGE: 'TOO_LARGE',
  THROTTLED: 'THROTTLED',
  INTERNAL: 'INTERNAL',
  UNAVAILABLE: 'UNAVAILABLE',
  /** The server has no room left to store a file (507): the upload can go on once there is. */
  NO_SPACE: 'NO_SPACE',
  /** A background job owns the draft's transcript, analyses and state right now. */
  DRAFT_BUSY: 'DRAFT_BUSY',
  /** The draft id is not a valid id. */
  INVALID_ID: 'INVALID_ID',
  AI_NOT_CONFIGURED: 'AI_NOT_CONFIGURED',
  /** The AI provider failed or could not be reached (the assistants answer 502). */
  AI_PROVIDER_FAILED: 'AI_PROVIDER_FAILED',
  /** The AI provider did not answer in time (the assistants answer 504). */
  AI_TIMEOUT: 'AI_TIMEOUT',
  /** A background job of this draft or session is running already: starting another is refused. */
  JOB_RUNNING: 'JOB_RUNNING',
  /** 'Cancelar procesamiento' on a draft where no transcription or analysis runs. */
  NOTHING_RUNNING: 'NOTHING_RUNNING',
  /** The draft became a session (`completado`): it takes no more saves, jobs nor a second session. */
  DRAFT_SAVED: 'DRAFT_SAVED',
  /** A stored file is still referenced (a session's or a draft's video, an exercise's material). */
  FILE_IN_USE: 'FILE_IN_USE',
  /** A stored file's bytes changed after a record took it: it is not used (downloads, jobs, exports refuse it). */
  FILE_CHANGED: 'FILE_CHANGED',
  /** The therapist has STORAGE_LIMITS.maxOpenUploads multipart uploads open already. */
  TOO_MANY_UPLOADS: 'TOO_MANY_UPLOADS',
  /** The exercise or module is on the patient's list or in the module already (the detail says 'already assigned'). */
  ALREADY_ASSIGNED: 'ALREADY_ASSIGNED',
  /** A signed storage link is past its expiry. */
  LINK_EXPIRED: 'LINK_EXPIRED',
  /** The patient has not given (or has revoked) the consent the action needs: recording, or AI. */
  CONSENT_REQUIRED: 'CONSENT_REQUIRED',
  /** An export of this patient by the same person is being made: another waits until it ends. */
  EXPORT_BUSY: 'EXPORT_BUSY',
  /** The export is not ready to download yet (or it failed). */
  EXPORT_NOT_READY: 'EXPORT_NOT_READY',
  /** The export's archive was deleted after its expiry: a new one can be asked for. */
  EXPORT_EXPIRED: 'EXPORT_EXPIRED',
  /** The appointment overlaps another non-cancelled one of the therapist (`conflictos` names them). */
  APPOINTMENT_OVERLAP: 'APPOINTMENT_OVERLAP',
  /** The patient may no longer cancel it themself (PATIENT_CANCEL_HOURS before the start). */
  TOO_LATE_TO_CANCEL: 'TOO_LATE_TO_CANCEL',
  /** A mailed appointment link that is forged, altered, of another purpose or past its start. */
  INVALID_LINK: 'INVALID_LINK',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** The code an answer gets from its status when the server names none. */
export function defaultErrorCode(status: number): ErrorCode {
  switch (status) {
    case 400:
    case 422:
      return 'VALIDATION';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'TOO_LARGE';
    case 429:
      return 'THROTTLED';
    case 503:
      return 'UNAVAILABLE';
    case 507:
      return 'NO_SPACE';
    default:
      return status >= 500 ? 'INTERNAL' : 'VALIDATION';
  }
}

/** Every error answer of the API. */
export interface ErrorBody {
  detail: string;
  code: ErrorCode;
  errors?: string[];
  /** With VALIDATION: each field at fault (the request's property name) and its first message. */
  campos?: Record<string, string>;
  /** With APPOINTMENT_OVERLAP: the appointments in the way. */
  conflictos?: AppointmentConflict[];
  /** The request's id: its X-Request-Id header and the `request_id` of its log lines. */
  request_id?: string;
}
