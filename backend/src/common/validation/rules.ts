import { Transform } from 'class-transformer';
import { registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';
import { MSG, todayIsoDate, fillMessage } from '@consulta/shared';

/** A rule that answers the Spanish message of the first problem, or null when the value is valid. */
export type Rule = (value: unknown, args: ValidationArguments) => string | null;

/** Applies a Rule (typically a shared validator from @consulta/shared) as a class-validator decorator. */
export function Check(rule: Rule, options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'check',
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: {
        validate: (value: unknown, args: ValidationArguments) => rule(value, args) === null,
        defaultMessage: (args?: ValidationArguments) => (args ? (rule(args.value, args) ?? '') : ''),
      },
    });
  };
}

const field = (args: ValidationArguments) => args.property;

/** Absent, null or a string of at most `max` characters. */
export const OptionalText = (max: number) =>
  Check((value, args) => {
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') return fillMessage(MSG.validation.text, { campo: field(args) });
    if (value.length > max) return fillMessage(MSG.validation.tooLong, { campo: field(args), max });
    return null;
  });

/** A non-empty string of at most `max` characters; `missing` is said when it is absent or blank. */
export const RequiredText = (max: number, missing?: string) =>
  Check((value, args) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      return missing ?? fillMessage(MSG.validation.required, { campo: field(args) });
    }
    if (typeof value !== 'string') return fillMessage(MSG.validation.text, { campo: field(args) });
    if (value.length > max) return fillMessage(MSG.validation.tooLong, { campo: field(args), max });
    return null;
  });

/** true, false, null or absent (the tri-state checkboxes of the spec). */
export const NullableBoolean = () =>
  Check((value, args) =>
    value === undefined || value === null || typeof value === 'boolean' ? null : fillMessage(MSG.validation.boolean, { campo: field(args) }),
  );

/** Absent, null, or one of `values`. */
export const OneOfOrNull = (values: readonly string[], message: string) =>
  Check((value) => (value === undefined || value === null || values.includes(value as string) ? null : message));

/** Absent, null, or a calendar date YYYY-MM-DD (optionally not after today). */
export const OptionalDate = (message: string, notInFuture = false) =>
  Check((value) => {
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string' || !isIsoDate(value)) return message;
    if (notInFuture && value > todayIsoDate()) return message;
    return null;
  });

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '1900-01-01';
}

/** An empty string (what an empty form field sends) counts as null. */
export const EmptyAsNull = () => Transform(({ value }: { value: unknown }) => (value === '' ? null : value));
