import { ApiProperty, PickType } from '@nestjs/swagger';
import {
  ACCESS_ACTIONS,
  ACCESS_KINDS,
  ROLES,
  type AccessAction,
  type AccessGroupEntry,
  type AccessHistoryGroup,
  type AccessHistoryItem,
  type AccessKind,
  type Role,
} from '@consulta/shared';

/** One entry of a patient's access history (documentation of the answer; rows come as they are from SQL). */
export class AccessHistoryItemDto implements AccessHistoryItem {
  id: string;
  /** ISO 8601 date-time of the request. */
  fecha: string;
  @ApiProperty({ enum: Object.keys(ACCESS_KINDS) })
  tipo: AccessKind;
  @ApiProperty({ enum: Object.keys(ACCESS_ACTIONS) })
  accion: AccessAction;
  /** Null once the user is deleted. */
  usuario_nombre: string | null;
  @ApiProperty({ enum: ROLES })
  usuario_rol: Role;
  ip: string | null;
  /** The user agent, at most 300 characters. */
  agente: string | null;
  /** A 2xx answer. */
  exito: boolean;
  estado_http: number;
}

/** One entry inside a group of the access history. */
export class AccessGroupEntryDto
  extends PickType(AccessHistoryItemDto, ['id', 'fecha', 'tipo', 'accion', 'exito', 'estado_http'] as const)
  implements AccessGroupEntry {}

/**
 * One visit: consecutive entries of the same person, role, address and browser, each at most 10 minutes after the
 * one before (at most 100), whatever they read or did; newest group first. `id` is the group's oldest entry's, `fecha`
 * its newest's; `tipo` and `accion` its newest entry's; `exito` false when any entry failed (`estado_http` the newest
 * failure's).
 */
export class AccessHistoryGroupDto extends AccessHistoryItemDto implements AccessHistoryGroup {
  /** ISO 8601 date-time of the group's oldest entry. */
  desde: string;
  /** How many entries the group holds. */
  veces: number;
  /** Every entry of the group, newest first. */
  entradas: AccessGroupEntryDto[];
}
