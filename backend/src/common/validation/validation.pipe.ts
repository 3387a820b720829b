import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import { MSG, fillMessage } from '@consulta/shared';

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

/** The global pipe: whitelist, forbid unknown fields, transform; failures → 400 `{ detail, errors }`. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const messages = validationMessages(errors);
      const detail = messages.length > 0 ? messages.join('. ') : MSG.common.badRequest;
      return new BadRequestException({ detail, errors: messages });
    },
  });
}
