import { Transform } from 'class-transformer';
import { registerDecorator, type ValidationArguments } from 'class-validator';
import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { MSG, todayIsoDate, fillMessage } from '@consulta/shared';
import { DATE_TIME_PATTERN, isIsoDateTime } from './date-time';

/** A rule that answers the Spanish message of the first problem, or null when the value is valid. */
export type Rule = (value: unknown, args: ValidationArguments) => string | null;

/**
 * What a rule lets through, said in the OpenAPI document: merged over what the swagger CLI plugin infers from
 * the property's type (`required` from `?`, `nullable` from `| null`), so the rule is the one place for both.
 */
export type Facet = ApiPropertyOptions;

const EMPTY_AS_NULL = Symbol('emptyAsNull');
const DOCUMENTED = Symbol('documented');

/**
 * Applies a Rule (typically a shared validator from @consulta/shared) as a class-validator decorator, and
 * documents `facet`: what it accepts (lengths, bounds, enum, format), no stricter and no looser than the rule.
 */
export function Check(rule: Rule, facet?: Facet): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'check',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown, args: ValidationArguments) => rule(value, args) === null,
        defaultMessage: (args?: ValidationArguments) => (args ? (rule(args.value, args) ?? '') : ''),
      },
    });
    if (facet) {
      const emptyAsNull = Reflect.getOwnMetadata(EMPTY_AS_NULL, target, propertyName) === true;
      ApiProperty(emptyAsNull ? admitEmpty(facet) : facet)(target, propertyName);
      Reflect.defineMetadata(DOCUMENTED, true, target, propertyName);
    }
  };
}

/**
 * The facet of a field that also takes '' (EmptyAsNull): an enum gains '', a plain string already takes it;
 * anything else (a format, a number) becomes "that, or ''".
 */
function admitEmpty(facet: Facet): Facet {
  const { required, description, ...schema } = facet as Facet & { required?: boolean; description?: string };
  if (Array.isArray(schema.enum)) return { ...facet, enum: [...(schema.enum as string[]), ''] };
  const plainText = schema.type === 'string' && !('format' in schema) && !('pattern' in schema) && !('minLength' in schema);
  if (plainText) return facet;
  return { required, description, anyOf: [schema as never, { type: 'string', enum: [''] }] } as Facet;
}

const field = (args: ValidationArguments) => args.property;
const isAbsent = (value: unknown) => value === undefined || value === null;
/** Not blank: at least one character that String.prototype.trim() keeps (JavaScript's \s is trim's set). */
export const NOT_BLANK = '\\S';

/** Absent, null or a string of at most `max` characters. */
export const OptionalText = (max: number) =>
  Check(
    (value, args) => {
      if (isAbsent(value)) return null;
      if (typeof value !== 'string') return fillMessage(MSG.validation.text, { campo: field(args) });
      if (value.length > max) return fillMessage(MSG.validation.tooLong, { campo: field(args), max });
      return null;
    },
    { type: 'string', required: false, nullable: true, maxLength: max },
  );

/** A non-empty string of at most `max` characters; `missing` is said when it is absent or blank. */
export const RequiredText = (max: number, missing?: string) =>
  Check(
    (value, args) => {
      if (isAbsent(value) || (typeof value === 'string' && value.trim() === '')) {
        return missing ?? fillMessage(MSG.validation.required, { campo: field(args) });
      }
      if (typeof value !== 'string') return fillMessage(MSG.validation.text, { campo: field(args) });
      if (value.length > max) return fillMessage(MSG.validation.tooLong, { campo: field(args), max });
      return null;
    },
    { type: 'string', required: true, minLength: 1, maxLength: max, pattern: NOT_BLANK },
  );

/** A row's id that the service looks up (a non-blank string; one that is not a uuid is not found: 404). */
export const RequiredId = (message: string) =>
  Check((value) => (typeof value === 'string' && value.trim() !== '' ? null : message), { type: 'string', required: true, format: 'uuid' });

/** true, false, null or absent (the tri-state checkboxes of the spec); `message` instead of the generic one. */
export const NullableBoolean = (message?: string) =>
  Check(
    (value, args) =>
      isAbsent(value) || typeof value === 'boolean' ? null : (message ?? fillMessage(MSG.validation.boolean, { campo: field(args) })),
    {
      type: 'boolean',
      required: false,
      nullable: true,
    },
  );

/** Absent, null, or one of `values`. */
export const OneOfOrNull = (values: readonly string[], message: string) =>
  Check((value) => (isAbsent(value) || values.includes(value as string) ? null : message), {
    type: 'string',
    enum: [...values],
    required: false,
    nullable: true,
  });

/** Exactly one of `values` (required). */
export const OneOf = (values: readonly string[], message: string) =>
  Check((value) => (values.includes(value as string) ? null : message), { type: 'string', enum: [...values], required: true });

/** Absent, null, or a whole number from `min` to `max` (no upper bound when `max` is left out). */
export const OptionalInteger = (min: number, max: number | undefined, message: string) =>
  Check(
    (value) =>
      isAbsent(value) || (Number.isInteger(value) && (value as number) >= min && (max === undefined || (value as number) <= max))
        ? null
        : message,
    {
      type: 'integer',
      minimum: min,
      ...(max === undefined ? {} : { maximum: max }),
      required: false,
      nullable: true,
    },
  );

/** Absent, null, or a finite number from `min` to `max`. */
export const OptionalNumber = (min: number, max: number, message: string) =>
  Check(
    (value) => (isAbsent(value) || (typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max) ? null : message),
    {
      type: 'number',
      minimum: min,
      maximum: max,
      required: false,
      nullable: true,
    },
  );

/** A year from 1900: what isIsoDate and isIsoDateTime accept (the format checks the rest of the calendar). */
const FROM_1900 = '^(19|[2-9][0-9])[0-9]{2}-';

/** Absent, null, or a calendar date YYYY-MM-DD from 1900 (optionally not after today). */
export const OptionalDate = (message: string, notInFuture = false) =>
  Check(
    (value) => {
      if (isAbsent(value)) return null;
      if (typeof value !== 'string' || !isIsoDate(value)) return message;
      if (notInFuture && value > todayIsoDate()) return message;
      return null;
    },
    {
      type: 'string',
      format: 'date',
      pattern: FROM_1900,
      required: false,
      nullable: true,
      ...(notInFuture ? { description: 'No posterior a hoy.' } : {}),
    },
  );

/** Absent, null, or an ISO 8601 date-time (isIsoDateTime: seconds and zone optional). */
export const OptionalDateTime = (message: string) =>
  Check((value) => (isAbsent(value) || isIsoDateTime(value) ? null : message), {
    type: 'string',
    pattern: DATE_TIME_PATTERN,
    required: false,
    nullable: true,
  });

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '1900-01-01';
}

/**
 * An empty string (what an empty form field sends) counts as null. Write it below the rule, so the rule's
 * facet says '' too.
 */
export const EmptyAsNull = (): PropertyDecorator => (target, propertyName) => {
  if (Reflect.getOwnMetadata(DOCUMENTED, target, propertyName)) {
    throw new Error(`@EmptyAsNull() of ${String(propertyName)} goes below its rule`);
  }
  Reflect.defineMetadata(EMPTY_AS_NULL, true, target, propertyName);
  Transform(({ value }: { value: unknown }) => (value === '' ? null : value))(target, propertyName);
};
