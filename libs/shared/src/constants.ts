/** The product's business constants (limits, timings, sizes). */
export const API_PREFIX = '/api/v1';
export const TOKEN_REVALIDATION_MS = 5 * 60 * 1000;
export const EXPIRY_TOAST_MS = 5000;
export const CREATE_PATIENT_TOAST_MS = 5000;
export const DELETE_PATIENT_TOAST_MS = 8000;
/** Every deletion toast, success included. */
export const DELETE_TOAST_MS = 8000;
export const DEFAULT_TOAST_MS = 4000;
export const MAX_VISIBLE_TOASTS = 2;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const CONFIRMATION_MIN_LENGTH = 6;
export const AGE_MIN = 0;
export const AGE_MAX = 150;
export const NAME_MAX_LENGTH = 100;
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 12;
export const EMAIL_MIN_LENGTH = 5;
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_MAX = 64;
export const EMAIL_DOMAIN_MAX = 253;
export const MOBILE_BREAKPOINT_PX = 768;
export const GOOGLE_SCOPES = ['openid', 'email', 'profile'] as const;

/** Password of the seeded demo patients (only exist while the demo sign-in is on; not in the spec). */
export const DEMO_PASSWORD = 'Demo#Consulta26';

/** Keys the browser keeps. */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  authUser: 'auth_user',
  userPicture: 'user_picture',
  userName: 'user_name',
  providerToken: 'google_access_token',
  mustChangePassword: 'mustChangePassword',
  /** sessionStorage, not localStorage. */
  tokenExpiredShown: 'tokenExpiredShown',
} as const;
