import { describe, expect, it } from 'vitest';
import { getToasts } from '../../components/toast/toastStore';
import { ApiError, NETWORK_ERROR_MESSAGE, TOKEN_EXPIRED_MESSAGE } from './http';
import { reportError } from './reportError';

const shown = () => getToasts().map(({ title, description, variant }) => ({ title, description, variant }));

describe('reportError', () => {
  it("titles the toast with the screen's message and describes it with the server's detail", () => {
    reportError(
      new ApiError('x', 400, { detail: 'Ya existe un usuario con este email', code: 'ALREADY_EXISTS' }),
      'Error al enviar invitación',
    );
    expect(shown()).toEqual([
      { title: 'Error al enviar invitación', description: 'Ya existe un usuario con este email', variant: 'error' },
    ]);
  });

  it('says a call that got no answer is a connection problem', () => {
    reportError(new ApiError(NETWORK_ERROR_MESSAGE, 0), 'No se pudo cargar el perfil');
    expect(shown()[0].description).toBe(NETWORK_ERROR_MESSAGE);
  });

  it("shows a screen's own description instead of the server's, and none when the screen gives none", () => {
    const failure = new ApiError('Paciente con sesiones', 409, { detail: 'Paciente con sesiones', code: 'CONFLICT' });
    reportError(failure, { title: 'Error al eliminar paciente', description: 'No se puede eliminar el paciente.' });
    reportError(failure, { title: 'No se pudo cargar el perfil' });
    expect(shown().map((t) => t.description)).toEqual(['No se puede eliminar el paciente.', undefined]);
  });

  it('says nothing about an expired session (the fetch wrapper already has)', () => {
    reportError(new ApiError(TOKEN_EXPIRED_MESSAGE, 401), { title: 'Error al crear paciente', description: TOKEN_EXPIRED_MESSAGE });
    expect(shown()).toEqual([]);
  });
});
