import type { PatientProfileDto } from './dto/patient-profile.dto';

/** What a patient says about themselves, in the create-patient and the invitation-registration payloads alike. */
export type PatientProfileInput = PatientProfileDto & { nombre: string; apellido: string };

export const blankToNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

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
