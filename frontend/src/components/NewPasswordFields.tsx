import { CONFIRMATION_MIN_LENGTH, MSG, passwordErrors } from '@consulta/shared';
import { PasswordField } from './PasswordField';
import { PasswordStrength } from './PasswordStrength';

export interface NewPasswordErrors {
  next?: string;
  confirm?: string;
}

/** The password rules for a new password and its confirmation. */
export function validateNewPassword(next: string, confirm: string): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (!next) errors.next = MSG.required.password;
  else if (passwordErrors(next).length > 0) errors.next = MSG.password.requirements;
  if (!confirm) errors.confirm = MSG.required.password;
  else if (confirm.length < CONFIRMATION_MIN_LENGTH || confirm !== next) errors.confirm = MSG.password.mismatch;
  return errors;
}

/** New password with the strength meter, and its confirmation. */
export function NewPasswordFields({
  next,
  confirm,
  errors,
  labels,
  fieldNames = { next: 'next', confirm: 'confirm' },
  onChange,
}: {
  next: string;
  confirm: string;
  errors: NewPasswordErrors;
  labels: { next: string; confirm: string };
  /** The names a refused save marks the two fields by (components/forms). */
  fieldNames?: { next: string; confirm: string };
  onChange: (field: 'next' | 'confirm', value: string) => void;
}) {
  return (
    <>
      <PasswordField
        label={labels.next}
        autoComplete="new-password"
        value={next}
        onChange={(e) => onChange('next', e.target.value)}
        error={Boolean(errors.next)}
        helperText={errors.next}
        {...{ 'data-field': fieldNames.next }}
        required
        fullWidth
      />
      <PasswordStrength password={next} />
      <PasswordField
        label={labels.confirm}
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => onChange('confirm', e.target.value)}
        error={Boolean(errors.confirm)}
        helperText={errors.confirm}
        {...{ 'data-field': fieldNames.confirm }}
        required
        fullWidth
        htmlInput={{ minLength: CONFIRMATION_MIN_LENGTH }}
      />
    </>
  );
}
