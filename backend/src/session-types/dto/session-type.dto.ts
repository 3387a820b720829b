import { MSG, SESSION_FIELD_TYPES, type SessionFieldDefinition, type SessionFieldType, type SessionType } from '@consulta/shared';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Check, NullableBoolean, OptionalText, RequiredText, type Facet } from '../../common/validation/rules';
import type { JsonDecimal } from '../../common/http/json-decimal';
import { MONEY_SCHEMA, parseMoney } from '../money';
import { fieldsError, MAX_FIELDS } from '../session-fields';

export class SessionFieldDto implements SessionFieldDefinition {
  nombre: string;
  @ApiProperty({ enum: SESSION_FIELD_TYPES })
  tipo: SessionFieldType;
  requerido: boolean;
  placeholder: string | null;
  opciones: string[];
}

/**
 * One field as a client sends it: only `nombre` and `tipo` are needed. Names, placeholders and options are trimmed
 * before their limits are checked (a name up to 100 characters, a placeholder up to 200, up to 50 distinct options
 * of up to 100; a select needs one): the limits are said here, not as lengths of what is sent.
 */
export class SessionFieldInputDto {
  @ApiProperty({ pattern: '\\S' })
  nombre: string;
  @ApiProperty({ enum: SESSION_FIELD_TYPES })
  tipo: SessionFieldType;
  requerido?: boolean | null;
  placeholder?: string | null;
  @ApiProperty({ type: [String], required: false, nullable: true })
  opciones?: string[] | null;
}

/** Body of POST and PUT /tipos-sesion. */
export class SessionTypePayloadDto {
  @RequiredText(100, MSG.sessionTypes.nameRequired)
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  nombre: string;

  @OptionalText(2000)
  descripcion?: string | null;

  @ApiProperty({ type: [SessionFieldInputDto], required: false, nullable: true, maxItems: MAX_FIELDS })
  @Check(fieldsError)
  campos?: unknown;

  @NullableBoolean()
  activo?: boolean | null;

  /** Money: greater than 0, at most 2 decimals (a JSON number such as 99.99, or a string '99.99'). */
  @Check(
    (v) => {
      const money = parseMoney(v);
      return 'error' in money ? money.error : null;
    },
    { ...MONEY_SCHEMA, required: true, example: 99.99 } as Facet,
  )
  valor: unknown;
}

export class SessionTypeDto implements Omit<SessionType, 'valor'> {
  id: string;
  nombre: string;
  descripcion: string | null;
  @ApiProperty({ type: [SessionFieldDto] })
  campos: SessionFieldDto[];
  activo: boolean;
  /** Exact amount, always written with its 2 decimals (150.00, 99.90). */
  @ApiProperty({ type: Number, example: 150.0 })
  valor: JsonDecimal;
  terapeuta_id: string;
  fecha_creacion: string;
  fecha_actualizacion: string;
}
