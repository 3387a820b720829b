import { SESSION_LIMITS } from '@consulta/shared';
import type { ReactNode } from 'react';
import type { FieldErrorsApi } from '../../components/forms';
import type { SessionFieldName } from './sessionForm';

/** Two columns when the form is wide enough (by its own width: the panel sits in pages of different widths). */
export const twoColumns = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@container (min-width: 520px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
} as const;

/** A refused save's marks on the session form (see components/forms); absent, the fields carry only their help. */
export type Marks = FieldErrorsApi<SessionFieldName> | undefined;
export const markOf = (marks: Marks) => (name: SessionFieldName, helper?: ReactNode) =>
  marks ? marks.field(name, helper) : { helperText: helper };

export const multiline = (minRows: number) => ({ multiline: true, minRows, maxRows: 16, fullWidth: true }) as const;
export const textLimit = { htmlInput: { maxLength: SESSION_LIMITS.textMax } };
