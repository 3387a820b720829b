import { ApiError, errorCode } from '../../app/core/http';
import { serverFieldErrors } from '../../components/forms';
import {
  emptyCreatePatientForm,
  type CreatePatientErrors,
  type CreatePatientForm,
} from '../../components/patient-profile/patientProfileForm';

const CREATE_FIELDS = Object.keys(emptyCreatePatientForm()) as (keyof CreatePatientForm)[];

/** The fields of 'Nuevo Paciente' a refused creation (a 400's `campos`) names; empty for any other failure. */
export const createPatientFieldErrors = (error: unknown): CreatePatientErrors =>
  serverFieldErrors(error, CREATE_FIELDS, { telefono_paciente: 'telefono' });

/** Toast for a failed creation: decided by the answer's code, never its text. */
export function createPatientErrorToast(error: unknown): { title: string; description?: string } {
  const message = error instanceof Error ? error.message : '';
  if (errorCode(error) === 'ALREADY_EXISTS') {
    return { title: 'Email ya existe', description: 'Ya existe un usuario registrado con este email.' };
  }
  return { title: 'Error al crear paciente', description: message || undefined };
}

/** Toast for a failed deletion, by the answer's code. */
export function deletePatientErrorMessage(error: unknown): string {
  switch (errorCode(error)) {
    case 'CONFLICT':
      return 'No se puede eliminar el paciente porque tiene datos asociados (sesiones, ejercicios). Se ha notificado a los administradores.';
    case 'FORBIDDEN':
      return 'No tienes permisos para eliminar este paciente.';
    case 'NOT_FOUND':
      return 'El paciente ya no existe o ha sido eliminado.';
  }
  if (!(error instanceof ApiError) || error.status === 0) return 'Error de conexión. Verifica tu conexión a internet e intenta de nuevo.';
  return 'No se pudo eliminar el paciente. Por favor, intenta de nuevo.';
}
