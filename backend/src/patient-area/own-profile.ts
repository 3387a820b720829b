import { blankToNull, cleanPhone, splitFullPhone } from '@consulta/shared';
import type { Patient } from '../patients/entities/patient.entity';
import type { UpdateOwnProfileDto } from './dto/patient-area.dto';

type OwnFields = 'telefonoPaciente' | 'telefono' | 'direccion' | 'fechaNacimiento' | 'genero' | 'notasPaciente';

/**
 * The Patient properties a patient's own PUT or PATCH /pacientes/perfil changes: only the fields sent, and only
 * these (the DTO refuses any other key). The phone is kept as at registration: the full number and its digits.
 * The photo is not here: it needs its storage check (PatientAreaService).
 */
export function ownProfileUpdate(dto: UpdateOwnProfileDto): Partial<Pick<Patient, OwnFields>> {
  const changes: Partial<Pick<Patient, OwnFields>> = {};
  if (dto.telefono !== undefined) {
    changes.telefonoPaciente = cleanPhone(dto.telefono);
    changes.telefono = splitFullPhone(changes.telefonoPaciente)?.digits ?? null;
  }
  if (dto.direccion !== undefined) changes.direccion = blankToNull(dto.direccion);
  if (dto.fecha_nacimiento !== undefined) changes.fechaNacimiento = dto.fecha_nacimiento;
  if (dto.genero !== undefined) changes.genero = blankToNull(dto.genero);
  // The patient's `notas` are their own column, never the therapist's `notasTerapeuticas`.
  if (dto.notas !== undefined) changes.notasPaciente = blankToNull(dto.notas);
  return changes;
}
