import type { PatientViewSession, PatientViewSessionSummary } from '@consulta/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CoreAdminContext } from 'ra-core';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/core/http';
import { getToasts } from '../../components/toast/toastStore';
import { stubDataProvider } from '../../test/stubDataProvider';
import { PatientSessionsPage } from './PatientSessionsPage';

const summary = (over: Partial<PatientViewSessionSummary>): PatientViewSessionSummary => ({
  id: 's1',
  numero_sesion: 1,
  fecha: '2026-11-10T16:00:00.000Z',
  duracion_minutos: 50,
  tipo_sesion: 'psicoterapia',
  tipo_sesion_nombre: null,
  personalizada: false,
  num_voces: 2,
  tiene_video: false,
  tiene_transcripcion: false,
  tiene_analisis_ia_paciente: false,
  ...over,
});

const WITH_ALL = summary({ id: 's2', numero_sesion: 2, tiene_video: true, tiene_transcripcion: true, tiene_analisis_ia_paciente: true });
const CUSTOM = summary({
  id: 's3',
  numero_sesion: 3,
  tipo_sesion: 'Terapia de pareja',
  tipo_sesion_nombre: 'Terapia de pareja',
  personalizada: true,
  num_voces: 3,
});
const BARE = summary({ id: 's1' });

const detailOf = (s: PatientViewSessionSummary, over: Partial<PatientViewSession> = {}): PatientViewSession => {
  const { tiene_transcripcion: _t, tiene_analisis_ia_paciente: _a, ...head } = s;
  return {
    ...head,
    temas_importantes: null,
    intencion: null,
    tipo_medicina: null,
    cantidad: null,
    campos_datos: {},
    transcripcion: null,
    transcripcion_segmentos: null,
    analisis_ia_paciente: null,
    created_at: '2026-11-10T18:00:00.000Z',
    ...over,
  };
};

const DETAILS: Record<string, PatientViewSession> = {
  s2: detailOf(WITH_ALL, {
    temas_importantes: 'Ansiedad en el trabajo',
    transcripcion: 'Hablante 1: Hola.\nHablante 2: Buenas tardes.',
    analisis_ia_paciente: 'Hoy hablaste de tu trabajo.',
  }),
  s3: detailOf(CUSTOM, { campos_datos: { Asistentes: 'Ambos', Consentimiento: true } }),
  s1: detailOf(BARE),
};

function renderPage(methods: Record<string, unknown> = {}, entry = '/dashboard/paciente/sesiones') {
  const calls = {
    mySessions: vi.fn(() => Promise.resolve([CUSTOM, WITH_ALL, BARE])),
    mySession: vi.fn((id: string) => Promise.resolve(DETAILS[id])),
    mySessionVideo: vi.fn(() => Promise.resolve({ download_url: '/api/v1/storage/object?key=x', filename: 'Sesión grabada.mp4' })),
    ...methods,
  };
  render(
    <MemoryRouter initialEntries={[entry]}>
      <CoreAdminContext dataProvider={stubDataProvider(calls)}>
        <PatientSessionsPage />
      </CoreAdminContext>
    </MemoryRouter>,
  );
  return calls;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("'Sesiones Anteriores'", () => {
  it('shows each session as a card with its type and only the badges it has', async () => {
    renderPage();
    const cards = await screen.findAllByTestId('my-session-card');
    expect(cards.map((c) => within(c).getByTestId('my-session-title').textContent)).toEqual(['Sesión 3', 'Sesión 2', 'Sesión 1']);
    expect(within(cards[0]).getByText('Terapia de pareja')).toBeInTheDocument();
    expect(within(cards[0]).getByText('Personalizada')).toBeInTheDocument();
    expect(within(cards[1]).getByTestId('my-session-badges')).toHaveTextContent(/^VideoTranscripciónAnálisis IA$/);
    expect(within(cards[2]).queryByTestId('my-session-badges')).not.toBeInTheDocument();
    expect(within(cards[2]).getByText('Psicoterapia')).toBeInTheDocument();
    expect(cards[2]).toHaveTextContent('50 min');
  });

  it("says 'No tienes sesiones registradas aún' when there are none", async () => {
    renderPage({ mySessions: () => Promise.resolve([]) });
    expect(await screen.findByText('No tienes sesiones registradas aún')).toBeInTheDocument();
  });

  it('opens the detail: loading text and skeletons, then topics, video, transcript with voices, the analysis', async () => {
    let answer: (value: PatientViewSession) => void = () => undefined;
    const calls = renderPage({ mySession: vi.fn(() => new Promise<PatientViewSession>((resolve) => (answer = resolve))) });
    fireEvent.click(await screen.findByRole('button', { name: /^Sesión 2 / }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('status', { name: 'Cargando detalles...' })).toBeInTheDocument();
    expect(dialog.querySelectorAll('.MuiSkeleton-root')).toHaveLength(3);
    answer(DETAILS.s2);
    expect(await within(dialog).findByText('Ansiedad en el trabajo')).toBeInTheDocument();
    expect(within(dialog).getByText('2 · Paciente y terapeuta')).toBeInTheDocument();
    expect(within(dialog).getByText(/Hablante 2: Buenas tardes\./)).toBeInTheDocument();
    expect(within(dialog).getByTestId('my-session-analysis')).toHaveTextContent('Hoy hablaste de tu trabajo.');
    expect(await within(dialog).findByTestId('session-video')).toHaveAttribute('src', '/api/v1/storage/object?key=x');
    expect(calls.mySessionVideo).toHaveBeenCalledWith('s2');
    expect(within(dialog).queryByTestId('my-session-empty')).not.toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Descargar' }));
    await waitFor(() =>
      expect(getToasts().map((t) => [t.title, t.description])).toEqual([['Descarga iniciada', 'Descargando Sesión grabada.mp4']]),
    );
  });

  it("a custom session shows its 'Campos Específicos'; a bare one says there is nothing more", async () => {
    renderPage({}, '/dashboard/paciente/sesiones?sesion=s3');
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Campos Específicos')).toBeInTheDocument();
    expect(within(dialog).getByText('Asistentes')).toBeInTheDocument();
    expect(within(dialog).getByText('Sí')).toBeInTheDocument();
    expect(within(dialog).getByText('Personalizada')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: /^Sesión 1 / }));
    expect(await screen.findByTestId('my-session-empty')).toHaveTextContent('No hay contenido adicional disponible para esta sesión.');
  });

  it("a detail that cannot be loaded says 'Error al cargar los detalles de la sesión.'", async () => {
    renderPage(
      { mySession: () => Promise.reject(new ApiError('Sesión no encontrada', 404, { detail: 'Sesión no encontrada', code: 'NOT_FOUND' })) },
      '/dashboard/paciente/sesiones?sesion=otra',
    );
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Error al cargar los detalles de la sesión.')).toBeInTheDocument();
  });
});
