import { ApiProperty } from '@nestjs/swagger';
import type { PublicAppointment, PublicAppointmentAction } from '@consulta/shared';
import { AppointmentTimesDto } from './appointment.dto';

/** GET /citas/publica/{token}: what the mailed link's page shows. */
export class PublicAppointmentDto extends AppointmentTimesDto implements PublicAppointment {
  @ApiProperty({ enum: ['confirmar', 'cancelar'] })
  accion: PublicAppointmentAction;
  terapeuta_nombre: string;
  /** Solo el nombre de pila del paciente. */
  paciente_nombre: string;
  @ApiProperty({ example: 'Europe/Madrid' })
  zona_horaria: string;
  vigente: boolean;
  @ApiProperty({ type: String, nullable: true })
  motivo_no_vigente: string | null;
}
