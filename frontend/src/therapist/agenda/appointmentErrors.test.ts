import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/core/http';
import { overlapConflicts } from './appointmentErrors';

describe('overlapConflicts', () => {
  const conflict = { id: 'c2', inicio: '2027-03-16T09:00:00Z', fin: '2027-03-16T09:50:00Z', paciente: { nombre: 'Ana', apellido: 'Ruiz' } };

  it('reads the conflicts of a 409 APPOINTMENT_OVERLAP', () => {
    const error = new ApiError('La cita se solapa', 409, { detail: 'x', code: 'APPOINTMENT_OVERLAP', conflictos: [conflict] });
    expect(overlapConflicts(error)).toEqual([conflict]);
    expect(overlapConflicts(new ApiError('x', 409, { detail: 'x', code: 'APPOINTMENT_OVERLAP' }))).toEqual([]);
  });

  it('answers null for any other failure', () => {
    expect(overlapConflicts(new ApiError('x', 409, { detail: 'x', code: 'ALREADY_EXISTS' }))).toBeNull();
    expect(overlapConflicts(new Error('x'))).toBeNull();
  });
});
