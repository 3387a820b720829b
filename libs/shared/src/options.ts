/** The option lists of the patient record, with their Spanish labels. */
export const MARITAL_STATUSES = [
  { value: 'soltero', label: 'Soltero/a' },
  { value: 'casado', label: 'Casado/a' },
  { value: 'divorciado', label: 'Divorciado/a' },
  { value: 'viudo', label: 'Viudo/a' },
  { value: 'union_libre', label: 'Unión libre' },
] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number]['value'];

export const EDUCATION_LEVELS = [
  { value: 'primaria', label: 'Primaria' },
  { value: 'secundaria', label: 'Secundaria' },
  { value: 'licenciatura', label: 'Licenciatura' },
  { value: 'maestria', label: 'Maestría' },
  { value: 'doctorado', label: 'Doctorado' },
] as const;
export type EducationLevel = (typeof EDUCATION_LEVELS)[number]['value'];

export const THERAPY_STATUSES = ['activo', 'inactivo', 'alta'] as const;
export type TherapyStatus = (typeof THERAPY_STATUSES)[number];

export const DIAL_CODES = [
  { code: '+1', country: 'EE. UU./Canadá' },
  { code: '+52', country: 'México' },
  { code: '+34', country: 'España' },
  { code: '+54', country: 'Argentina' },
  { code: '+57', country: 'Colombia' },
  { code: '+51', country: 'Perú' },
  { code: '+56', country: 'Chile' },
  { code: '+58', country: 'Venezuela' },
  { code: '+593', country: 'Ecuador' },
  { code: '+502', country: 'Guatemala' },
  { code: '+44', country: 'Reino Unido' },
  { code: '+33', country: 'Francia' },
  { code: '+49', country: 'Alemania' },
  { code: '+39', country: 'Italia' },
  { code: '+55', country: 'Brasil' },
] as const;
/** The dial code of a practice of unknown country: Spain's (see practice.ts, FALLBACK_COUNTRY). */
export const DEFAULT_DIAL_CODE = '+34';

export const labelOf = (options: readonly { value: string; label: string }[], value: string | null | undefined): string | undefined =>
  options.find((o) => o.value === value)?.label;
