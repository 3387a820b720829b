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

const badRequest = (messages: string[]) =>
  new BadRequestException(problem(messages.length > 0 ? messages.join('. ') : MSG.common.badRequest, 'VALIDATION', messages));

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
 * The global pipe: whitelist, forbid unknown fields, transform; failures → 400 `{ detail, errors }`. An
 * unknown field is refused on its own, before the DTO is built: class-validator would report every one of them
 * (a body of 100,000 unknown keys took seconds and answered megabytes).
 */
class ApiValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.metatype && this.toValidate(metadata) && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const known = declaredProperties(metadata.metatype);
      for (const key in value) {
        if (!known.has(key)) throw badRequest([fillMessage(MSG.validation.notAllowed, { campo: key })]);
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
    exceptionFactory: (errors) => badRequest(validationMessages(errors)),
  });
}
