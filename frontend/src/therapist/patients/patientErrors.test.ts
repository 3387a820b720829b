import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/core/http';
import { createPatientErrorToast, createPatientFieldErrors, deletePatientErrorMessage } from './patientErrors';

describe('error messages', () => {
  const failed = (status: number, code: string, detail = 'x') => new ApiError(detail, status, { detail, code });

  it('says "Email ya existe" when the answer is ALREADY_EXISTS, whatever its text', () => {
    expect(createPatientErrorToast(failed(409, 'ALREADY_EXISTS', 'Ya existe un usuario con este email')).title).toBe('Email ya existe');
    expect(createPatientErrorToast(failed(400, 'VALIDATION', 'already exists somewhere')).title).toBe('Error al crear paciente');
    expect(createPatientErrorToast(new Error('boom'))).toEqual({ title: 'Error al crear paciente', description: 'boom' });
  });

  it("names the fields of 'Nuevo Paciente' a 400 refused (the full phone as the phone field), nothing else", () => {
    const refused = new ApiError('x', 400, {
      detail: 'x',
      code: 'VALIDATION',
      campos: { telefono_paciente: 'El teléfono es demasiado largo', nombre: 'Mal', consentimientos: 'Otro' },
    });
    expect(createPatientFieldErrors(refused)).toEqual({ telefono: 'El teléfono es demasiado largo', nombre: 'Mal' });
    expect(createPatientFieldErrors(failed(409, 'ALREADY_EXISTS'))).toEqual({});
    expect(createPatientFieldErrors(new Error('boom'))).toEqual({});
  });

  it('maps deletion failures by code', () => {
    expect(deletePatientErrorMessage(failed(409, 'CONFLICT'))).toMatch(/datos asociados/);
    expect(deletePatientErrorMessage(failed(403, 'FORBIDDEN'))).toBe('No tienes permisos para eliminar este paciente.');
    expect(deletePatientErrorMessage(failed(404, 'NOT_FOUND', 'Paciente no encontrado'))).toBe(
      'El paciente ya no existe o ha sido eliminado.',
    );
    expect(deletePatientErrorMessage(new ApiError('Error de conexión', 0))).toBe(
      'Error de conexión. Verifica tu conexión a internet e intenta de nuevo.',
    );
    expect(deletePatientErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'Error de conexión. Verifica tu conexión a internet e intenta de nuevo.',
    );
    expect(deletePatientErrorMessage(failed(500, 'INTERNAL', 'Error interno'))).toBe(
      'No se pudo eliminar el paciente. Por favor, intenta de nuevo.',
    );
  });
});
