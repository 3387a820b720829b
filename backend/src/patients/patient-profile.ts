import { cleanPhone, blankToNull } from '@consulta/shared';
import type { PatientProfileDto } from './dto/patient-profile.dto';
import type { UpdatePatientDto } from './dto/update-patient.dto';
import type { Patient } from './entities/patient.entity';

/** What a patient says about themselves, in the create-patient and the invitation-registration payloads alike. */
export type PatientProfileInput = PatientProfileDto & { nombre: string; apellido: string };

/** Those fields as Patient properties: names trimmed, blanks as null, consent false unless given. */
export const patientProfile = (input: PatientProfileInput) => ({
  nombre: input.nombre.trim(),
  apellido: input.apellido.trim(),
  edad: input.edad ?? null,
  fechaNacimiento: input.fecha_nacimiento ?? null,
  estadoCivil: input.estado_civil ?? null,
  profesionOcupacion: blankToNull(input.profesion_ocupacion),
  nivelEscolaridad: input.nivel_escolaridad ?? null,
  haHechoTerapia: input.ha_hecho_terapia ?? null,
  haHechoPsicodelicos: input.ha_hecho_psicodelicos ?? null,
  haHechoConstelaciones: input.ha_hecho_constelaciones ?? null,
  propuestaTerapia: blankToNull(input.propuesta_terapia),
  whatsappMensajeriaConsentimiento: input.whatsapp_mensajeria_consentimiento ?? false,
});

const keep = <T>(value: T | undefined, map: (v: T) => unknown) => (value === undefined ? undefined : map(value));
const same = <T>(v: T) => v;

/** The Patient properties a PATCH changes: only the fields it sends, normalized as on creation. */
export function patientUpdate(dto: UpdatePatientDto): Partial<Patient> {
  const changes: Record<string, unknown> = {
    nombre: keep(dto.nombre, (v) => v.trim()),
    apellido: keep(dto.apellido, (v) => v.trim()),
    telefonoPaciente: keep(dto.telefono_paciente, cleanPhone),
    telefono: keep(dto.telefono, blankToNull),
    edad: keep(dto.edad, same),
    fechaNacimiento: keep(dto.fecha_nacimiento, same),
    estadoCivil: keep(dto.estado_civil, same),
    profesionOcupacion: keep(dto.profesion_ocupacion, blankToNull),
    nivelEscolaridad: keep(dto.nivel_escolaridad, same),
    haHechoTerapia: keep(dto.ha_hecho_terapia, same),
    haHechoPsicodelicos: keep(dto.ha_hecho_psicodelicos, same),
    haHechoConstelaciones: keep(dto.ha_hecho_constelaciones, same),
    propuestaTerapia: keep(dto.propuesta_terapia, blankToNull),
    whatsappMensajeriaConsentimiento: keep(dto.whatsapp_mensajeria_consentimiento, (v) => v ?? false),
    fechaIngreso: keep(dto.fecha_ingreso, same),
    estadoTerapia: keep(dto.estado_terapia, same),
    tipoServicio: keep(dto.tipo_servicio, blankToNull),
    objetivosTerapia: keep(dto.objetivos_terapia, blankToNull),
    planTratamiento: keep(dto.plan_tratamiento, blankToNull),
    notasTerapeuticas: keep(dto.notas_terapeuticas, blankToNull),
  };
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<Patient>;
}
