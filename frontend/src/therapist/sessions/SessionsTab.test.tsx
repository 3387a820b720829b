import { DELETE_TOAST_MS, type Session, type SessionSummary, type SessionUpdatePayload } from '@consulta/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoreAdminContext } from 'ra-core';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/core/http';
import type { ConsultaDataProvider } from '../../app/providers/dataProvider';
import { getToasts } from '../../components/toast/toastStore';
import { SessionsTab } from './SessionsTab';
import { aPatient, aSession } from '../../test/factories';
import { consentsGiven, stubDataProvider } from '../../test/stubDataProvider';

const PATIENT = aPatient();

const session = (numero: number, extra: Partial<Session> = {}): Session =>
  aSession({
    id: `s${numero}`,
    fecha: `2026-11-${10 + numero}T10:00:00.000Z`,
    numero_sesion: numero,
    notas: `Notas de la sesión ${numero}`,
    ...extra,
  });

/** As the list answers it: no texts, only whether the long ones are there. */
const summary = (s: Session): SessionSummary => ({
  id: s.id,
  paciente_id: s.paciente_id,
  terapeuta_id: s.terapeuta_id,
  fecha: s.fecha,
  numero_sesion: s.numero_sesion,
  duracion_minutos: s.duracion_minutos,
  tipo_sesion: s.tipo_sesion,
  tipo_sesion_id: s.tipo_sesion_id,
  tipo_sesion_nombre: s.tipo_sesion_nombre,
  personalizada: s.personalizada,
  num_voces: s.num_voces,
  video_url: s.video_url,
  analisis_estado: s.analisis_estado,
  created_at: s.created_at,
  updated_at: s.updated_at,
  tiene_transcripcion: s.transcripcion !== null,
  tiene_analisis_ia: s.analisis_ia !== null,
  tiene_analisis_ia_paciente: s.analisis_ia_paciente !== null,
});

/** The list and GET /sesiones/{id} of these sessions. */
const serving = (sessions: () => Session[]): Partial<ConsultaDataProvider> => ({
  getPatientSessions: () => Promise.resolve(sessions().map(summary)),
  getSession: (id: string) => Promise.resolve(sessions().find((s) => s.id === id)!),
});

/** The tab at `url` (its address holds the open session). */
function renderTab(methods: Partial<ConsultaDataProvider>, url = '/sesiones') {
  const dataProvider = stubDataProvider({
    getPatientDetail: () => Promise.resolve(PATIENT),
    getConsents: consentsGiven,
    ...methods,
  });
  render(
    <MemoryRouter initialEntries={[url]}>
      <CoreAdminContext dataProvider={dataProvider}>
        <SessionsTab patient={PATIENT} />
      </CoreAdminContext>
    </MemoryRouter>,
  );
  return userEvent.setup({ delay: null });
}

beforeAll(() => {
  // jsdom lays nothing out: every box is at 0, so the tab thinks the detail is below the list (a phone).
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SessionsTab', () => {
  it('says there are no sessions', async () => {
    renderTab({ getPatientSessions: () => Promise.resolve([]) });
    expect(await screen.findByText('No hay sesiones registradas para este paciente')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Historial de sesiones (0)' })).toBeInTheDocument();
    expect(screen.queryByText('Selecciona una sesión para ver los detalles')).not.toBeInTheDocument();
  });

  it('opens a session in place of the list, read whole (transcript included), with the custom type badges', async () => {
    const custom = session(2, { tipo_sesion: 'Pareja', tipo_sesion_nombre: 'Pareja', personalizada: true, campos_datos: { Tarea: false } });
    const getSession = vi.fn(serving(() => [custom, session(1, { transcripcion: 'Paciente: dormí mejor.' })]).getSession!);
    const user = renderTab({ ...serving(() => [custom, session(1, { transcripcion: 'Paciente: dormí mejor.' })]), getSession });
    expect(await screen.findByRole('heading', { name: 'Historial de sesiones (2)' })).toBeInTheDocument();
    expect(screen.getByText('Selecciona una sesión para ver los detalles')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Sesión 1/ }));
    let detail = await screen.findByTestId('session-detail');
    const heading = within(detail).getByRole('heading', { name: 'Sesión 1' });
    expect(heading).toHaveFocus();
    expect(within(detail).getByText('Notas de la sesión 1')).toBeInTheDocument();
    expect(within(detail).getByText('Paciente: dormí mejor.')).toBeInTheDocument();
    expect(getSession).toHaveBeenCalledWith('s1');
    expect(within(detail).queryByText('Personalizada')).not.toBeInTheDocument();
    // The list gives the open session its room; its edit and delete buttons come along.
    expect(screen.queryByTestId('session-list')).toBeNull();
    expect(within(detail).getByRole('button', { name: 'Editar sesión 1' })).toBeInTheDocument();
    expect(within(detail).getByRole('button', { name: 'Eliminar sesión 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Siguiente: sesión 2' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('session-detail')).getByRole('heading', { name: 'Sesión 2' })).toBeInTheDocument(),
    );
    detail = screen.getByTestId('session-detail');
    expect(within(detail).getByTestId('session-type-badge')).toHaveTextContent('Pareja');
    expect(within(detail).getByTestId('session-custom-badge')).toHaveTextContent('Personalizada');
    expect(within(detail).getByText('Tarea')).toBeInTheDocument();
    expect(within(detail).getByText('No')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Anterior: sesión 1' })).toBeEnabled();

    // Back to the list: focus returns to the row of the session just read.
    await user.click(screen.getByRole('button', { name: 'Volver a la lista' }));
    const list = await screen.findByTestId('session-list');
    expect(screen.queryByTestId('session-detail')).toBeNull();
    await waitFor(() => expect(within(list).getByRole('button', { name: /^Sesión 2/ })).toHaveFocus());
  });

  it('opens the session its address names (a reload keeps it)', async () => {
    renderTab(
      serving(() => [session(2), session(1)]),
      '/sesiones?sesion=s1',
    );
    const detail = await screen.findByTestId('session-detail');
    expect(within(detail).getByRole('heading', { name: 'Sesión 1' })).toBeInTheDocument();
  });

  it('an address naming a session not in the list shows the list', async () => {
    renderTab(
      serving(() => [session(1)]),
      '/sesiones?sesion=of-someone-else',
    );
    expect(await screen.findByTestId('session-list')).toBeInTheDocument();
    expect(screen.queryByTestId('session-detail')).toBeNull();
  });

  it('plays the video from its signed URL; Descargar starts the download and says so for 3 s', async () => {
    const KEY = 'files/t1/sesiones/p1/0123456789abcdef-sesion.mp4';
    const withVideo = session(1, { video_url: KEY });
    const link = { download_url: '/api/v1/storage/object?key=k&signature=s', filename: 'sesion.mp4' };
    const sessionVideoDownload = vi.fn(() => Promise.resolve(link));
    const clicks: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    const user = renderTab({ ...serving(() => [withVideo]), sessionVideoDownload });
    await user.click(await screen.findByRole('button', { name: /^Sesión 1/ }));
    const detail = await screen.findByTestId('session-detail');
    const player = await within(detail).findByTestId('session-video');
    expect(player.tagName).toBe('VIDEO');
    expect(player).toHaveAttribute('src', link.download_url);
    expect(player).toHaveAttribute('controls');
    expect(player).toHaveAccessibleName('Video de la sesión 1');
    expect(within(detail).getByText('sesion.mp4')).toBeInTheDocument();

    await user.click(within(detail).getByRole('button', { name: 'Descargar' }));
    await waitFor(() => expect(clicks).toEqual([{ href: link.download_url, download: 'sesion.mp4' }]));
    expect(sessionVideoDownload).toHaveBeenCalledWith('s1');
    expect(getToasts()).toEqual([expect.objectContaining({ title: 'Descarga iniciada', variant: 'success', duration: 3000 })]);
  });

  it('a failed download says so until closed and starts nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // react-admin logs failed calls
    const withVideo = session(1, { video_url: 'files/t1/sesiones/p1/0123456789abcdef-sesion.mp4' });
    const sessionVideoDownload = vi
      .fn()
      .mockResolvedValueOnce({ download_url: '/api/v1/storage/object?key=k', filename: 'sesion.mp4' })
      .mockRejectedValueOnce(new ApiError('Bad Gateway', 502));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = renderTab({ ...serving(() => [withVideo]), sessionVideoDownload });
    await user.click(await screen.findByRole('button', { name: /^Sesión 1/ }));
    const detail = await screen.findByTestId('session-detail');
    await within(detail).findByTestId('session-video');
    await user.click(within(detail).getByRole('button', { name: 'Descargar' }));
    await waitFor(() =>
      expect(getToasts()).toEqual([
        expect.objectContaining({
          title: 'Error al descargar el video',
          description: 'Por favor intenta de nuevo',
          variant: 'error',
          duration: null,
        }),
      ]),
    );
    expect(click).not.toHaveBeenCalled();
    expect(sessionVideoDownload.mock.calls).toEqual([['s1'], ['s1']]);
  });

  it('a session without video says so', async () => {
    const user = renderTab(serving(() => [session(1)]));
    await user.click(await screen.findByRole('button', { name: /^Sesión 1/ }));
    const detail = await screen.findByTestId('session-detail');
    expect(within(detail).getByText('Sin video')).toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: 'Descargar' })).toBeNull();
  });

  it('deletes after the confirmation, says so for 8 s and reloads the list', async () => {
    let sessions = [session(2), session(1)];
    const deleteSession = vi.fn((id: string) => {
      const removed = sessions.find((s) => s.id === id)!;
      sessions = sessions.filter((s) => s.id !== id);
      return Promise.resolve(removed);
    });
    const user = renderTab({ ...serving(() => sessions), deleteSession });
    await user.click(await screen.findByRole('button', { name: 'Eliminar sesión 2' }));
    const dialog = screen.getByRole('dialog', { name: '¿Eliminar la sesión 2?' });
    expect(dialog).toHaveTextContent('Esta acción no se puede deshacer.');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Historial de sesiones (1)' })).toBeInTheDocument());
    expect(deleteSession).toHaveBeenCalledWith('s2');
    expect(getToasts()).toEqual([expect.objectContaining({ title: 'Sesión eliminada', variant: 'success', duration: DELETE_TOAST_MS })]);
  });

  it('deleting the open session returns to the list', async () => {
    let sessions = [session(2), session(1)];
    const deleteSession = vi.fn((id: string) => {
      const removed = sessions.find((s) => s.id === id)!;
      sessions = sessions.filter((s) => s.id !== id);
      return Promise.resolve(removed);
    });
    const user = renderTab({ ...serving(() => sessions), deleteSession });
    await user.click(await screen.findByRole('button', { name: /^Sesión 2/ }));
    const detail = await screen.findByTestId('session-detail');
    await user.click(within(detail).getByRole('button', { name: 'Eliminar sesión 2' }));
    await user.click(within(screen.getByRole('dialog', { name: '¿Eliminar la sesión 2?' })).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Historial de sesiones (1)' })).toBeInTheDocument());
    expect(screen.queryByTestId('session-detail')).toBeNull();
    expect(within(screen.getByTestId('session-list')).getAllByTestId('session-row')).toHaveLength(1);
  });

  it("reports a failed deletion as 'Error al eliminar la sesión' with the server's detail", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // the data provider logs the failure
    const deleteSession = vi.fn(() =>
      Promise.reject(new ApiError('Sesión no encontrada', 404, { detail: 'Sesión no encontrada', code: 'NOT_FOUND' })),
    );
    const user = renderTab({ ...serving(() => [session(1)]), deleteSession });
    await user.click(await screen.findByRole('button', { name: 'Eliminar sesión 1' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(getToasts()).toEqual([
        expect.objectContaining({ title: 'Error al eliminar la sesión', description: 'Sesión no encontrada', variant: 'error' }),
      ]),
    );
  });

  describe('the AI analysis', () => {
    it('generates it in the background, polls until it is there, and publishes the edited patient version', async () => {
      let current = session(1, { transcripcion: 'Paciente: dormí mejor.' });
      const startBackgroundAnalysis = vi.fn((id: string) => {
        current = { ...current, analisis_estado: 'generando' };
        return Promise.resolve({ ...current, id });
      });
      const updateSession = vi.fn((_id: string, data: SessionUpdatePayload) => {
        current = { ...current, ...data } as Session;
        return Promise.resolve(current);
      });
      const user = renderTab({ ...serving(() => [current]), startBackgroundAnalysis, updateSession });
      await user.click(await screen.findByRole('button', { name: /^Sesión 1/ }));
      const detail = await screen.findByTestId('session-detail');
      await user.click(within(detail).getByRole('button', { name: 'Generar análisis IA' }));
      expect(startBackgroundAnalysis).toHaveBeenCalledWith('s1');
      expect(await within(detail).findByText('Generando análisis IA en segundo plano...')).toBeInTheDocument();
      expect(within(detail).getByRole('progressbar', { name: 'Generando análisis IA' })).toBeInTheDocument();
      expect(within(detail).getByRole('button', { name: 'Generar análisis IA' })).toBeDisabled();
      expect(getToasts()).toEqual([expect.objectContaining({ title: 'Análisis iniciado', variant: 'success' })]);

      current = {
        ...current,
        analisis_estado: null,
        analisis_ia: 'Para ti',
        analisis_ia_paciente: 'Para el paciente',
        analisis_ia_paciente_publicado: false,
      };
      expect(await within(detail).findByText('Para el paciente', {}, { timeout: 5000 })).toBeInTheDocument();
      expect(within(detail).queryByRole('progressbar')).toBeNull();
      expect(within(detail).getByText('Para ti')).toBeInTheDocument();
      expect(within(detail).getByTestId('patient-version-status')).toHaveTextContent('No publicada');
      expect(within(detail).getByText(/aún no está publicada/)).toBeInTheDocument();
      expect(within(detail).getByRole('button', { name: 'Regenerar análisis' })).toBeEnabled();

      await user.click(within(detail).getByRole('button', { name: 'Publicar para el paciente' }));
      const dialog = await screen.findByRole('dialog', { name: 'Publicar para el paciente' });
      const text = within(dialog).getByRole('textbox', { name: 'Versión para el paciente' });
      expect(text).toHaveValue('Para el paciente');
      await user.clear(text);
      expect(within(dialog).getByRole('button', { name: 'Publicar' })).toBeDisabled(); // empty: nothing to publish
      expect(within(dialog).getByText('No hay una versión para el paciente que publicar')).toBeInTheDocument();
      await user.type(text, 'Revisada');
      await user.click(within(dialog).getByRole('button', { name: 'Publicar' }));
      await waitFor(() => expect(within(detail).getByTestId('patient-version-status')).toHaveTextContent('Publicada para el paciente'));
      expect(updateSession).toHaveBeenCalledWith('s1', { analisis_ia_paciente_publicado: true, analisis_ia_paciente: 'Revisada' });
      expect(within(detail).getByText('Revisada')).toBeInTheDocument();
      expect(within(detail).queryByRole('button', { name: 'Publicar para el paciente' })).toBeNull();
      expect(getToasts().map((t) => t.title)).toContain('Análisis publicado para el paciente');
    }, 30_000);

    it('back in the list, a row being analysed says so until the list reads it finished', async () => {
      let current = session(1, { transcripcion: 'Paciente: dormí mejor.' });
      const startBackgroundAnalysis = vi.fn((id: string) => {
        current = { ...current, analisis_estado: 'generando' };
        return Promise.resolve({ ...current, id });
      });
      const user = renderTab({ ...serving(() => [current]), startBackgroundAnalysis });
      await user.click(await screen.findByRole('button', { name: /^Sesión 1/ }));
      const detail = await screen.findByTestId('session-detail');
      await user.click(within(detail).getByRole('button', { name: 'Generar análisis IA' }));
      expect(await within(detail).findByText('Generando análisis IA en segundo plano...')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Volver a la lista' }));
      const list = await screen.findByTestId('session-list');
      expect(within(list).getByTestId('session-row-generating')).toHaveTextContent('Generando análisis');

      current = { ...current, analisis_estado: null, analisis_ia: 'Para ti', analisis_ia_paciente: 'Para el paciente' };
      await waitFor(() => expect(screen.queryByTestId('session-row-generating')).toBeNull(), { timeout: 5000 });
    }, 15_000);

    it('a failed analysis says so and can be started again; regenerating asks first', async () => {
      let current = session(1, {
        analisis_estado: 'fallido',
        analisis_ia: 'Anterior',
        analisis_ia_paciente: 'Anterior paciente',
        analisis_ia_paciente_publicado: true,
      });
      const startBackgroundAnalysis = vi.fn(() => {
        current = { ...current, analisis_estado: 'generando' };
        return Promise.resolve(current);
      });
      const user = renderTab({ ...serving(() => [current]), startBackgroundAnalysis });
      await user.click(await screen.findByRole('button', { name: /^Sesión 1/ }));
      const detail = await screen.findByTestId('session-detail');
      expect(within(detail).getByTestId('session-analysis-error')).toHaveTextContent('El análisis falló. Puedes intentar nuevamente.');
      expect(within(detail).getByTestId('patient-version-status')).toHaveTextContent('Publicada para el paciente');
      await user.click(within(detail).getByRole('button', { name: 'Regenerar análisis' }));
      const dialog = await screen.findByRole('dialog', { name: '¿Regenerar el análisis?' });
      expect(startBackgroundAnalysis).not.toHaveBeenCalled();
      await user.click(within(dialog).getByRole('button', { name: 'Regenerar análisis' }));
      await waitFor(() => expect(startBackgroundAnalysis).toHaveBeenCalledWith('s1'));
      expect(await within(detail).findByText('Generando análisis IA en segundo plano...')).toBeInTheDocument();
      expect(within(detail).queryByTestId('session-analysis-error')).toBeNull();
    });

    it('a refused start shows the server detail', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const detail = 'El análisis de esta sesión ya se está generando: espera a que termine';
      const startBackgroundAnalysis = vi.fn(() => Promise.reject(new ApiError(detail, 409, { detail, code: 'JOB_RUNNING' })));
      const user = renderTab({ ...serving(() => [session(1)]), startBackgroundAnalysis });
      await user.click(await screen.findByRole('button', { name: /^Sesión 1/ }));
      const panel = await screen.findByTestId('session-detail');
      await user.click(within(panel).getByRole('button', { name: 'Generar análisis IA' }));
      await waitFor(() =>
        expect(getToasts()).toEqual([
          expect.objectContaining({ title: 'Error al iniciar el análisis', description: detail, variant: 'error' }),
        ]),
      );
    });

    it('without an AI provider it says so and the button is disabled', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(() =>
          Promise.resolve(
            new Response(JSON.stringify({ google_client_id: null, demo_login: false, ia_configurada: false }), { status: 200 }),
          ),
        ),
      );
      const user = renderTab(serving(() => [session(1)]));
      await user.click(await screen.findByRole('button', { name: /^Sesión 1/ }));
      const panel = await screen.findByTestId('session-detail');
      expect(await within(panel).findByTestId('ai-not-configured')).toHaveTextContent('no está configurada');
      expect(within(panel).getByRole('button', { name: 'Generar análisis IA' })).toBeDisabled();
    });
  });
});
