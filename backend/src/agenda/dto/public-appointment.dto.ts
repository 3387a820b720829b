import { ApiProperty } from '@nestjs/swagger';
import {
  APPOINTMENT_MODES,
  APPOINTMENT_STATES,
  type AppointmentMode,
  type AppointmentState,
  type PublicAppointment,
  type PublicAppointmentAction,
} from '@consulta/shared';

/** GET /citas/publica/{token}: what the mailed link's page shows. */
export class PublicAppointmentDto implements PublicAppointment {
  @ApiProperty({ enum: ['confirmar', 'cancelar'] })
  accion: PublicAppointmentAction;
  @ApiProperty({ format: 'date-time' })
  inicio: string;
  @ApiProperty({ format: 'date-time' })
  fin: string;
  duracion_minutos: number;
  @ApiProperty({ enum: APPOINTMENT_MODES })
  modalidad: AppointmentMode;
  @ApiProperty({ type: String, nullable: true })
  lugar_o_enlace: string | null;
  @ApiProperty({ enum: APPOINTMENT_STATES })
  estado: AppointmentState;
  terapeuta_nombre: string;
  /** Solo el nombre de pila del paciente. */
  paciente_nombre: string;
  @ApiProperty({ example: 'Europe/Madrid' })
  zona_horaria: string;
  vigente: boolean;
  @ApiProperty({ type: String, nullable: true })
  motivo_no_vigente: string | null;
}
