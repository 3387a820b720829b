import { ApiProperty } from '@nestjs/swagger';
import {
  ACCESS_ACTIONS,
  ACCESS_KINDS,
  ROLES,
  type AccessAction,
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
