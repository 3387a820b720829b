import { BadRequestException, ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { MSG, fillMessage } from '@consulta/shared';
import { problem } from '../errors/error.dto';

/** Collects every Spanish message of a validation failure, nested properties included. */
export function validationMessages(errors: ValidationError[], prefix = ''): string[] {
  const messages: string[] = [];
  for (const error of errors) {
    const name = `${prefix}${error.property}`;
    for (const [constraint, message] of Object.entries(error.constraints ?? {})) {
      if (constraint === 'whitelistValidation') messages.push(fillMessage(MSG.validation.notAllowed, { campo: name }));
      else if (constraint === 'unknownValue') messages.push(MSG.common.badRequest);
      else messages.push(message);
    }
    if (error.children?.length) messages.push(...validationMessages(error.children, `${name}.`));
  }
  return [...new Set(messages.filter(Boolean))];
}

/** The first message of each top-level property at fault: what a form marks beside its field. */
export function validationFields(errors: ValidationError[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const error of errors) {
    const [message] = validationMessages([error]);
    if (message && !(error.property in fields)) fields[error.property] = message;
  }
  return fields;
}

const badRequest = (messages: string[], campos?: Record<string, string>) =>
  new BadRequestException({
    ...problem(messages.length > 0 ? messages.join('. ') : MSG.common.badRequest, 'VALIDATION', messages),
    ...(campos && Object.keys(campos).length > 0 ? { campos } : {}),
  });

/** The properties a DTO class declares (those with a validation decorator: what `whitelist` keeps), by class. */
const declared = new WeakMap<object, Set<string>>();
function declaredProperties(dto: object): Set<string> {
  let names = declared.get(dto);
  if (!names) {
    names = new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(dto as new () => unknown, '', true, false)
        .map((m) => m.propertyName),
    );
    declared.set(dto, names);
  }
  return names;
}

/**
 * The global pipe: whitelist, forbid unknown fields, transform; failures → 400 `{ detail, errors, campos }`
 * (`campos`: each property at fault with its first message, so a form marks the field). An
 * unknown field is refused on its own, before the DTO is built: class-validator would report every one of them
 * (a body of 100,000 unknown keys took seconds and answered megabytes).
 */
class ApiValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.metatype && this.toValidate(metadata) && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const known = declaredProperties(metadata.metatype);
      for (const key in value) {
        if (!known.has(key)) {
          const message = fillMessage(MSG.validation.notAllowed, { campo: key });
          throw badRequest([message], { [key]: message });
        }
      }
    }
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new ApiValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => badRequest(validationMessages(errors), validationFields(errors)),
  });
}
