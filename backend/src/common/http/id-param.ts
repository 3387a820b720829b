import { Param } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';

/**
 * A path parameter that is a row's id: a uuid in the document (the services answer 404 for anything else,
 * without asking the database).
 */
export const IdParam =
  (name = 'id'): ParameterDecorator =>
  (target, key, index) => {
    Param(name)(target, key, index);
    const method = key === undefined ? undefined : Object.getOwnPropertyDescriptor(target, key);
    if (method) ApiParam({ name, type: String, format: 'uuid' })(target, key!, method);
  };
