import type { DraftPayload, DraftProgress, Session, SessionDraft, SessionPayload } from '@consulta/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoreAdminContext, type DataProvider } from 'ra-core';
import { Link, Route, RouterProvider, Routes, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr, MIB, bigVideo } from '../../../test/fakeXhr';
import { DRAFT_ID as ID, aDraft, aPatient, aSessionType } from '../../../test/factories';
import { ApiError } from '../../../app/core/http';
import { storeUser } from '../../../app/core/session';
import type { ConsultaDataProvider } from '../../../app/providers/dataProvider';
import { getToasts } from '../../../components/toast/toastStore';
import { LeaveGuardHost } from '../../../components/unsaved/LeaveGuardHost';
import { NewSessionPanel } from './NewSessionPanel';
import { toListItem } from './draftQueries';
import { consentsGiven, stubDataProvider } from '../../../test/stubDataProvider';
import { waitForUppyTimersAfterAll } from '../../../test/uppy';

// Whole flows typed key by key (drafts, uploads, jobs): 8-12 s each alone, longer on a busy machine.
vi.setConfig({ testTimeout: 45_000 });

const TYPE = aSessionType();

const draftOf = (data: DraftPayload, patch: Partial<SessionDraft> = {}): SessionDraft =>
  aDraft({
    cita_id: data.cita_id ?? null,
    titulo: data.titulo ?? null,
    numero_sesion_siguiente: 4,
    tipo_sesion: data.tipo_sesion ?? null,
    tipo_sesion_id: data.tipo_sesion_id ?? null,
    notas: data.notas ?? null,
    ...patch,
  });

function renderPanel(methods: Partial<ConsultaDataProvider> = {}, props: { patientId?: string } = { patientId: 'p1' }, url = '/') {
  const mocks = {
    createDraft: vi.fn((data: DraftPayload) => Promise.resolve(draftOf(data))),
    createSession: vi.fn((data: SessionPayload) => Promise.resolve({ ...data, id: 's1', numero_sesion: 4 } as unknown as Session)),
  };
  const dataProvider = stubDataProvider({
    getList: () => Promise.resolve({ data: [TYPE], total: 1 }),
    getAll: () => Promise.resolve([]),
    getPatientDetail: () => Promise.resolve(aPatient({ siguiente_numero_sesion: 4 })),
    getPatientDrafts: () => Promise.resolve([]),
    updateDraft: (_id: string, data: DraftPayload) => Promise.resolve(draftOf(data)),
    getDraftProgress: () => new Promise(() => undefined),
    getConsents: consentsGiven,
    ...mocks,
    ...methods,
  });
  const onSaved = vi.fn();
  // As in the app: a data router with the one navigation blocker, the panel, and another page to leave to.
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <CoreAdminContext dataProvider={dataProvider as unknown as DataProvider}>
            <LeaveGuardHost />
            <Routes>
              <Route
                path="/"
                element={
                  <>
                    <NewSessionPanel {...props} onSaved={onSaved} />
                    <Link to="/otra">Otra página</Link>
                  </>
                }
              />
              <Route path="/otra" element={<h1>Otra página</h1>} />
            </Routes>
          </CoreAdminContext>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return { dataProvider: mocks, onSaved, router, user: userEvent.setup({ delay: null }) };
}

const toastTexts = () => getToasts().map((t) => [t.title, t.description].filter(Boolean).join(': '));

async function chooseType(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('combobox', { name: /Tipo de sesión/, hidden: true }));
  await user.click(await screen.findByRole('option', { name }));
}

/** Types a whole text at once (one change, as a paste): keystroke by keystroke is slow on this large form. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

// The signed-in therapist (the auth layer keeps it stored).
beforeEach(() =>
  storeUser({ id: 'th1', email: 'ana@consulta.test', name: 'Ana Terapeuta', role: 'terapeuta', avatar_url: null, foto_perfil: null }),
);

afterEach(() => {
  vi.restoreAllMocks();
});

const KEY = 'files/th1/sesiones/p1/0123456789abcdef-sesion.mp4';
const VIDEO_INFO = { file_key: KEY, video_url: KEY, estado_upload: 'completado', upload_progress: 100 };

/** The storage calls of a direct upload to the local store (the PUT itself goes through FakeXhr). */
const storage = () => ({
  presignedUpload: vi.fn(() =>
    Promise.resolve({
      upload_url: '/api/v1/storage/object?s=1',
      file_key: KEY,
      method: 'PUT' as const,
      headers: { 'Content-Type': 'video/mp4' },
    }),
  ),
});

describe('NewSessionPanel', () => {
  waitForUppyTimersAfterAll();
  it('shows no empty drafts card, shows the next number, and creates the draft (listed) on the first type choice', async () => {
    const { dataProvider, user } = renderPanel();
    expect(await screen.findByDisplayValue('4')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sesiones en Procesamiento', hidden: true })).toBeNull();
    expect(screen.getByRole('button', { name: 'Guardar Sesión', hidden: true })).toBeDisabled();
    await fill(user, screen.getByLabelText('Título del borrador'), 'Lunes');
    expect(dataProvider.createDraft).not.toHaveBeenCalled();

    await chooseType(user, 'Psicoterapia');
    await vi.waitFor(() => expect(dataProvider.createDraft).toHaveBeenCalledTimes(1));
    expect(dataProvider.createDraft.mock.calls[0][0]).toMatchObject({ paciente_id: 'p1', titulo: 'Lunes', tipo_sesion: 'psicoterapia' });
    const list = await screen.findByRole('list', { name: 'Borradores', hidden: true });
    expect(within(list).getByText('Lunes')).toBeInTheDocument();
    expect(within(list).getByText('#abcdef12')).toBeInTheDocument();
    expect(within(list).getByText('Borrador guardado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nueva', hidden: true })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Borrador #abcdef12', hidden: true })).toBeInTheDocument();
  });

  it('without the signed-in therapist, asks to sign in again and does not save', async () => {
    localStorage.clear();
    const { dataProvider, user } = renderPanel();
    await chooseType(user, 'Psicoterapia');
    await vi.waitFor(() => expect(dataProvider.createDraft).toHaveBeenCalled());
    await fill(user, screen.getByLabelText(/^Notas/), 'Habló del trabajo');
    await fill(user, screen.getByLabelText(/^Temas importantes/), 'Duelo');
    await user.click(screen.getByRole('button', { name: 'Guardar Sesión', hidden: true }));
    expect(toastTexts()).toContain(
      'No se pudo guardar la sesión: No se pudo obtener la información del terapeuta. Por favor, vuelve a iniciar sesión.',
    );
    expect(dataProvider.createSession).not.toHaveBeenCalled();
  });

  it('refuses to save with the spec messages, then saves the session with its draft and starts over', async () => {
    const { dataProvider, onSaved, user } = renderPanel();
    await chooseType(user, 'Psicoterapia');
    await vi.waitFor(() => expect(dataProvider.createDraft).toHaveBeenCalled());
    await user.click(screen.getByRole('button', { name: 'Guardar Sesión', hidden: true }));
    // Each field at fault marked with its message, the first focused, what is missing said by the buttons.
    const notes = screen.getByLabelText(/^Notas/);
    expect(notes).toHaveAttribute('aria-invalid', 'true');
    expect(notes).toHaveFocus();
    expect(screen.getByLabelText(/^Temas importantes/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Las notas son requeridas para sesiones de psicoterapia')).toBeInTheDocument();
    expect(screen.getByTestId('form-problems')).toHaveTextContent('Falta: Notas y Temas importantes.');
    expect(dataProvider.createSession).not.toHaveBeenCalled();

    await fill(user, screen.getByLabelText(/^Notas/), 'Habló del trabajo');
    await fill(user, screen.getByLabelText(/^Temas importantes/), 'Duelo');
    await user.click(screen.getByRole('button', { name: 'Guardar Sesión', hidden: true }));
    await vi.waitFor(() => expect(toastTexts()).toContain('Sesión guardada'));
    expect(dataProvider.createSession).toHaveBeenCalledWith(
      expect.objectContaining({
        paciente_id: 'p1',
        draft_id: ID,
        tipo_sesion: 'psicoterapia',
        notas: 'Habló del trabajo',
        temas_importantes: 'Duelo',
        video_url: null,
      }),
    );
    // The callers show it: its detail in the patient's sessions.
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 's1', paciente_id: 'p1' }));
    expect(screen.getByLabelText(/^Título del borrador/)).toHaveValue('');
    expect(screen.getByRole('heading', { name: 'Nueva sesión', hidden: true })).toBeInTheDocument();
  });

  it('a custom type shows its required fields with an asterisk and asks for them by name', async () => {
    const { dataProvider, user } = renderPanel();
    await chooseType(user, 'Evaluación');
    await vi.waitFor(() => expect(dataProvider.createDraft).toHaveBeenCalled());
    expect(dataProvider.createDraft.mock.calls[0][0]).toMatchObject({ tipo_sesion: null, tipo_sesion_id: 't1' });
    const field = screen.getByLabelText(/^Nivel de ansiedad/);
    expect(field).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Guardar Sesión', hidden: true }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(screen.getByText('Por favor, completa el campo: Nivel de ansiedad')).toBeInTheDocument();
    await fill(user, field, '7,5');
    await user.click(screen.getByRole('button', { name: 'Guardar Sesión', hidden: true }));
    await vi.waitFor(() => expect(dataProvider.createSession).toHaveBeenCalled());
    expect(dataProvider.createSession.mock.calls[0][0]).toMatchObject({
      tipo_sesion_id: 't1',
      tipo_sesion: null,
      campos_datos: { 'Nivel de ansiedad': 7.5 },
    });
  });

  it('without a patient, the picker comes first and the fields stay closed until one is chosen', async () => {
    const patients = [{ id: 'p1', nombre: 'Lucía', apellido: 'Fernández', email: 'lucia@ejemplo.com' }];
    const { dataProvider, user } = renderPanel({ getAll: () => Promise.resolve(patients) } as Partial<ConsultaDataProvider>, {});
    const picker = screen.getByRole('combobox', { name: /Paciente/, hidden: true });
    // No drafts card before a patient is chosen (there is nothing to list).
    expect(screen.queryByRole('region', { name: 'Sesiones en Procesamiento', hidden: true })).toBeNull();
    expect(screen.getByTestId('choose-patient-first')).toHaveTextContent('Elige primero el paciente.');
    // Nothing can be typed that would have nowhere to be saved.
    expect(screen.getByLabelText('Título del borrador')).toBeDisabled();
    expect(screen.getByRole('combobox', { name: /Tipo de sesión/, hidden: true })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('textbox', { name: 'Transcripción', hidden: true })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Guardar Sesión', hidden: true })).toBeDisabled();
    // The video waits for the patient too: its path is the patient's.
    expect(screen.getByText('Elige un paciente para poder subir el video de la sesión.')).toBeInTheDocument();
    expect(screen.queryByTestId('video-file-input')).toBeNull();

    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: /Lucía Fernández/, hidden: true }));
    expect(screen.queryByTestId('choose-patient-first')).toBeNull();
    expect(screen.getByLabelText('Título del borrador')).toBeEnabled();
    await chooseType(user, 'Psicoterapia');
    await vi.waitFor(() => expect(dataProvider.createDraft).toHaveBeenCalledWith(expect.objectContaining({ paciente_id: 'p1' })));
  });

  it('a link back (?borrador=) reopens that draft, and the practice-wide page picks its patient (?paciente=)', async () => {
    const draft = draftOf({ titulo: 'Lunes', tipo_sesion: 'psicoterapia' }, { notas: 'Lo que escribí' });
    const patients = [{ id: 'p1', nombre: 'Lucía', apellido: 'Fernández', email: 'lucia@ejemplo.com' }];
    const getDraft = vi.fn(() => Promise.resolve(draft));
    const { router } = renderPanel(
      {
        getDraft,
        getAll: () => Promise.resolve(patients),
        getPatientDrafts: () => Promise.resolve([toListItem(draft)]),
      } as Partial<ConsultaDataProvider>,
      {},
      `/?paciente=p1&borrador=${ID}`,
    );
    expect(await screen.findByRole('heading', { name: 'Borrador #abcdef12', hidden: true })).toBeInTheDocument();
    expect(getDraft).toHaveBeenCalledWith(ID);
    expect(screen.getByLabelText(/^Notas/)).toHaveValue('Lo que escribí');
    expect(screen.getByRole('combobox', { name: /Paciente/, hidden: true })).toHaveValue('Lucía Fernández');
    // The query is dropped: a reload starts from the list.
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('leaving for another page saves what is pending first, without asking', async () => {
    const updateDraft = vi.fn((_id: string, data: DraftPayload) => Promise.resolve(draftOf(data)));
    const { dataProvider, router, user } = renderPanel({ updateDraft });
    await chooseType(user, 'Psicoterapia');
    await vi.waitFor(() => expect(dataProvider.createDraft).toHaveBeenCalled());
    await fill(user, screen.getByLabelText(/^Notas/), 'Antes de irme');
    await user.click(screen.getByRole('link', { name: 'Otra página', hidden: true }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/otra'));
    expect(updateDraft).toHaveBeenCalledWith(ID, { notas: 'Antes de irme' });
    expect(screen.queryByRole('dialog', { name: '¿Salir sin guardar?', hidden: true })).toBeNull();
  });

  it('when what is pending cannot be saved, leaving asks: stay keeps it, leave goes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const updateDraft = vi.fn(() => Promise.reject(new ApiError('Sin conexión', 0)));
    const { dataProvider, router, user } = renderPanel({ updateDraft });
    await chooseType(user, 'Psicoterapia');
    await vi.waitFor(() => expect(dataProvider.createDraft).toHaveBeenCalled());
    await fill(user, screen.getByLabelText(/^Notas/), 'Sin red');
    await user.click(screen.getByRole('link', { name: 'Otra página', hidden: true }));
    const ask = await screen.findByRole('dialog', { name: '¿Salir sin guardar?', hidden: true });
    expect(updateDraft).toHaveBeenCalled();
    await user.click(within(ask).getByRole('button', { name: 'Seguir editando', hidden: true }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByLabelText(/^Notas/)).toHaveValue('Sin red');

    await user.click(screen.getByRole('link', { name: 'Otra página', hidden: true }));
    const again = await screen.findByRole('dialog', { name: '¿Salir sin guardar?', hidden: true });
    await user.click(within(again).getByRole('button', { name: 'Salir sin guardar', hidden: true }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/otra'));
  });

  it('something typed before a type is chosen cannot be saved yet: leaving asks at once', async () => {
    const { dataProvider, user } = renderPanel();
    await fill(user, screen.getByLabelText('Título del borrador'), 'Lunes');
    await user.click(screen.getByRole('link', { name: 'Otra página', hidden: true }));
    expect(await screen.findByRole('dialog', { name: '¿Salir sin guardar?', hidden: true })).toBeInTheDocument();
    expect(dataProvider.createDraft).not.toHaveBeenCalled();
  });

  it('says so when the drafts cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPanel({ getPatientDrafts: () => Promise.reject(new ApiError('Bad Gateway', 502)) });
    expect(await screen.findByRole('button', { name: 'Reintentar', hidden: true })).toBeInTheDocument();
    expect(toastTexts()).toContain('Error al cargar borradores de sesión');
  });

  describe('the video', () => {
    it('uploads to the patient, blocks saving meanwhile, attaches the key to the draft and saves it with the session', async () => {
      FakeXhr.install(() => ({ status: 200, hang: true, progress: [0.5] }));
      const calls = storage();
      // Like the server, a save merges archivo_video_info (a later save of the notes keeps the attached key).
      let videoInfo = {};
      const updateDraft = vi.fn((_id: string, data: DraftPayload) => {
        videoInfo = { ...videoInfo, ...data.archivo_video_info };
        return Promise.resolve(draftOf(data, { tipo_sesion: 'psicoterapia', archivo_video_info: videoInfo }));
      });
      const { dataProvider, user } = renderPanel({ ...calls, updateDraft });
      await chooseType(user, 'Psicoterapia');
      await vi.waitFor(() => expect(dataProvider.createDraft).toHaveBeenCalled());
      await fill(user, screen.getByLabelText(/^Notas/), 'Con video');
      await fill(user, screen.getByLabelText(/^Temas importantes/), 'Duelo');

      await user.upload(screen.getByTestId('video-file-input'), bigVideo('sesion.mp4', 4 * MIB));
      const bar = await screen.findByRole('progressbar', { name: 'Progreso de la subida del video', hidden: true });
      await vi.waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
      expect(calls.presignedUpload).toHaveBeenCalledWith(
        expect.objectContaining({ custom_path: 'sesiones/p1', file_name: 'sesion.mp4', content_type: 'video/mp4' }),
      );
      expect(screen.getByRole('button', { name: 'Guardar Sesión', hidden: true })).toBeDisabled();
      // Another draft must wait for the upload.
      await user.click(screen.getByRole('button', { name: 'Nueva', hidden: true }));
      expect(toastTexts()).toContain('Espera a que termine la subida del video');

      await user.click(screen.getByRole('button', { name: 'Cancelar la subida de sesion.mp4', hidden: true }));
      expect(toastTexts()).toContain('Subida cancelada');

      // Again, and the store answers: the key goes to the draft, and the attached video replaces the uploader.
      FakeXhr.handler = () => ({ status: 200 });
      await user.upload(screen.getByTestId('video-file-input'), bigVideo('sesion.mp4', 4 * MIB));
      const attached = await screen.findByTestId('attached-video');
      expect(attached).toHaveTextContent('sesion.mp4');
      await vi.waitFor(() => expect(updateDraft).toHaveBeenCalledWith(ID, { archivo_video_info: VIDEO_INFO }));
      await vi.waitFor(() => expect(attached).toHaveTextContent('Video adjunto'));

      await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Guardar Sesión', hidden: true })).toBeEnabled());
      await user.click(screen.getByRole('button', { name: 'Guardar Sesión', hidden: true }));
      await vi.waitFor(() => expect(dataProvider.createSession).toHaveBeenCalled());
      expect(dataProvider.createSession.mock.calls[0][0]).toMatchObject({ video_url: KEY, draft_id: ID, paciente_id: 'p1' });
      expect(screen.queryByTestId('attached-video')).toBeNull();
    });

    it('a reopened draft shows its video; Quitar clears the key on the draft', async () => {
      const saved = draftOf({ titulo: 'Con video', tipo_sesion: 'psicoterapia' }, { archivo_video_info: VIDEO_INFO });
      const updateDraft = vi.fn((_id: string, data: DraftPayload) =>
        Promise.resolve(
          draftOf(
            { titulo: 'Con video', tipo_sesion: 'psicoterapia' },
            { archivo_video_info: { ...VIDEO_INFO, ...data.archivo_video_info } },
          ),
        ),
      );
      const { dataProvider, user } = renderPanel({
        getPatientDrafts: () => Promise.resolve([toListItem(saved)]),
        getDraft: () => Promise.resolve(saved),
        updateDraft,
      });
      await user.click(await screen.findByRole('button', { name: /^Con video/, hidden: true }));
      const attached = await screen.findByTestId('attached-video');
      expect(attached).toHaveTextContent('sesion.mp4');
      await user.click(within(attached).getByRole('button', { name: 'Quitar el video sesion.mp4', hidden: true }));
      await vi.waitFor(() =>
        expect(updateDraft).toHaveBeenCalledWith(ID, {
          archivo_video_info: { file_key: null, video_url: null, estado_upload: null, upload_progress: null },
        }),
      );
      expect(await screen.findByRole('button', { name: 'Seleccionar video', hidden: true })).toBeInTheDocument();
      expect(toastTexts()).toContain('Video quitado del borrador');
      expect(dataProvider.createDraft).not.toHaveBeenCalled();
    });
  });

  describe('transcription and analysis', () => {
    const SEGMENTS = [
      { speaker_label: 'Hablante 1', start_time: 0, end_time: 3, text: '¿Cómo ha ido la semana?' },
      { speaker_label: 'Hablante 2', start_time: 3.5, end_time: 9, text: 'Mejor, he dormido más.' },
      { speaker_label: 'Hablante 1', start_time: 3725, end_time: 3730, text: 'Me alegro.' },
    ];
    const SCRIPT = 'Hablante 1: ¿Cómo ha ido la semana?\nHablante 2: Mejor, he dormido más.\nHablante 1: Me alegro.';
    const progressOf = (d: SessionDraft): DraftProgress => ({
      draft_id: d.id,
      estado: d.estado,
      progreso: d.progreso,
      archivo_video_info: d.archivo_video_info,
      mensaje_error: d.mensaje_error,
      analisis_ia_paciente: d.analisis_ia_paciente,
      segundos_restantes: d.segundos_restantes ?? null,
    });

    /** A server holding one draft with a video: the test moves its state along. */
    function serverWithDraft(patch: Partial<SessionDraft> = {}) {
      const server = { draft: draftOf({ titulo: 'Con video', tipo_sesion: 'psicoterapia' }, { archivo_video_info: VIDEO_INFO, ...patch }) };
      const methods = {
        getPatientDrafts: () => Promise.resolve([toListItem(server.draft)]),
        getDraft: () => Promise.resolve(server.draft),
        getDraftProgress: () => Promise.resolve(progressOf(server.draft)),
        updateDraft: vi.fn((_id: string, data: DraftPayload) => {
          const { archivo_video_info, ...rest } = data;
          server.draft = {
            ...server.draft,
            ...(rest as Partial<SessionDraft>),
            archivo_video_info: { ...server.draft.archivo_video_info, ...archivo_video_info },
          };
          return Promise.resolve(server.draft);
        }),
        startTranscription: vi.fn(() => {
          server.draft = { ...server.draft, estado: 'transcribiendo', progreso: 1, mensaje_error: null };
          return Promise.resolve(progressOf(server.draft));
        }),
        startAnalysis: vi.fn(() => {
          server.draft = { ...server.draft, estado: 'procesando', progreso: 1, mensaje_error: null };
          return Promise.resolve(progressOf(server.draft));
        }),
      };
      return { server, methods };
    }

    const statusText = () => screen.getByTestId('draft-job-status-text');

    // Real timers: the draft is polled 2 s after the launch, then every 3 s, and saved 2 s after an edit.
    it('transcribes the video: the status follows the job, then the transcript shows by speaker', async () => {
      const { server, methods } = serverWithDraft();
      const { user } = renderPanel(methods);
      await user.click(await screen.findByRole('button', { name: /^Con video/, hidden: true }));
      const section = await screen.findByRole('region', { name: 'Transcripción y análisis IA', hidden: true });
      expect(statusText()).toHaveTextContent('Borrador guardado');
      expect(within(section).queryByRole('button', { name: 'Generar análisis IA', hidden: true })).toBeNull();

      await user.click(within(section).getByRole('button', { name: 'Transcribir video', hidden: true }));
      await vi.waitFor(() => expect(statusText()).toHaveTextContent('Generando transcripción...'));
      expect(methods.startTranscription).toHaveBeenCalledWith(ID);
      expect(screen.getByTestId('draft-job-detail')).toHaveTextContent('Extrayendo el audio y transcribiendo por hablante');
      expect(within(section).getByRole('progressbar', { name: 'Progreso del procesamiento: 1%', hidden: true })).toHaveAttribute(
        'aria-valuenow',
        '1',
      );
      expect(screen.getByTestId('draft-job-percent')).toHaveTextContent('Procesando... 1%');
      // The time it still takes, once the server knows it.
      expect(screen.getByTestId('draft-job-time-left')).toHaveTextContent('Calculando el tiempo estimado…');
      expect(within(section).getByRole('button', { name: 'Transcribir video', hidden: true })).toBeDisabled();
      expect(toastTexts()).toContain('Transcripción iniciada');
      // While the job holds the draft, the session cannot be saved (the server would answer 409): the button says why.
      expect(screen.getByRole('button', { name: 'Guardar Sesión', hidden: true })).toBeDisabled();
      expect(screen.getByTestId('save-waits-for-job')).toHaveTextContent('Podrás guardar la sesión cuando termine el procesamiento.');
      server.draft = { ...server.draft, estado: 'transcribiendo', progreso: 40, segundos_restantes: 190 };
      await vi.waitFor(() => expect(screen.getByTestId('draft-job-time-left')).toHaveTextContent('Tiempo estimado: unos 3 min'), {
        timeout: 5000,
      });
      expect(screen.getByTestId('draft-job-percent')).toHaveTextContent('Procesando... 40%');

      server.draft = {
        ...server.draft,
        estado: 'borrador',
        progreso: 100,
        num_voces: 2,
        archivo_video_info: { ...VIDEO_INFO, transcript: SEGMENTS, script_text: SCRIPT },
      };
      // The job followed here ended with its result: the spec's 'Procesamiento completado'.
      await vi.waitFor(() => expect(statusText()).toHaveTextContent('Procesamiento completado'), { timeout: 5000 });
      expect(within(section).queryByRole('progressbar', { hidden: true })).toBeNull();
      expect(screen.queryByTestId('draft-job-time-left')).toBeNull();
      expect(screen.queryByTestId('save-waits-for-job')).toBeNull();

      // The transcript shows right under the button that made it.
      const turns = await within(section).findByRole('list', { name: 'Transcripción por hablante', hidden: true });
      const transcribe = within(section).getByRole('button', { name: 'Transcribir de nuevo', hidden: true });
      expect(transcribe.compareDocumentPosition(turns) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      const items = within(turns).getAllByTestId('transcript-turn');
      expect(items).toHaveLength(3);
      expect(items[0]).toHaveTextContent('Hablante 1');
      expect(items[0]).toHaveTextContent('0:00');
      expect(items[2]).toHaveTextContent('1:02:05');
      expect(screen.getByTestId('transcript-voices')).toHaveTextContent('Número de voces: 2 · Paciente y terapeuta');
      expect(screen.queryByRole('textbox', { name: 'Transcripción', hidden: true })).toBeNull();
    }, 30_000);

    it('edits a turn and renames a speaker everywhere; both are saved, and the session gets the text', async () => {
      const { methods } = serverWithDraft({
        fecha: '2026-11-23T09:00:00.000Z',
        notas: 'Notas',
        temas_importantes: 'Sueño',
        archivo_video_info: { ...VIDEO_INFO, transcript: SEGMENTS, script_text: SCRIPT },
      });
      const { dataProvider, user } = renderPanel(methods);
      await user.click(await screen.findByRole('button', { name: /^Con video/, hidden: true }));
      const turns = await screen.findByRole('list', { name: 'Transcripción por hablante', hidden: true });

      await user.click(within(turns).getByRole('button', { name: 'Editar intervención 2 (Hablante 2)', hidden: true }));
      const editor = within(turns).getByRole('textbox', { name: 'Texto de la intervención 2 (Hablante 2)', hidden: true });
      await user.clear(editor);
      await user.paste('Mucho mejor.');
      await user.click(within(turns).getByRole('button', { name: 'Listo', hidden: true }));
      expect(within(turns).getAllByTestId('transcript-turn')[1]).toHaveTextContent('Mucho mejor.');

      await user.click(screen.getByRole('button', { name: 'Renombrar Hablante 1', hidden: true }));
      const dialog = await screen.findByRole('dialog', { name: 'Renombrar hablante', hidden: true });
      const name = within(dialog).getByRole('textbox', { name: 'Nuevo nombre', hidden: true });
      await user.clear(name);
      await user.type(name, 'Terapeuta{Enter}');
      await vi.waitFor(() => expect(within(turns).getAllByTestId('transcript-turn')[2]).toHaveTextContent('Terapeuta'));
      const text = 'Terapeuta: ¿Cómo ha ido la semana?\nHablante 2: Mucho mejor.\nTerapeuta: Me alegro.';
      await vi.waitFor(
        () =>
          expect(methods.updateDraft).toHaveBeenLastCalledWith(ID, {
            archivo_video_info: {
              script_text: text,
              transcript: [
                { ...SEGMENTS[0], speaker_label: 'Terapeuta' },
                { ...SEGMENTS[1], text: 'Mucho mejor.' },
                { ...SEGMENTS[2], speaker_label: 'Terapeuta' },
              ],
            },
          }),
        { timeout: 4000 },
      );
      expect(dataProvider.createSession).not.toHaveBeenCalled(); // Enter in the dialog did not save the session

      await user.click(screen.getByRole('button', { name: 'Guardar Sesión', hidden: true }));
      await vi.waitFor(() => expect(dataProvider.createSession).toHaveBeenCalled());
      expect(dataProvider.createSession.mock.calls[0][0]).toMatchObject({ transcripcion: text, video_url: KEY });
    }, 30_000);

    it('generates the analysis from the saved draft; the patient version is editable and saved', async () => {
      const { server, methods } = serverWithDraft({ notas: 'Habló del trabajo' });
      const { user } = renderPanel(methods);
      await user.click(await screen.findByRole('button', { name: /^Con video/, hidden: true }));
      const section = await screen.findByRole('region', { name: 'Transcripción y análisis IA', hidden: true });
      await user.click(within(section).getByRole('button', { name: 'Generar análisis IA', hidden: true }));
      await vi.waitFor(() => expect(statusText()).toHaveTextContent('Iniciando procesamiento...'));
      expect(screen.getByTestId('draft-job-detail')).toHaveTextContent('Generando el análisis IA y la versión para el paciente...');
      expect(toastTexts()).toContain('Análisis iniciado');

      server.draft = {
        ...server.draft,
        estado: 'borrador',
        progreso: 100,
        analisis_ia_paciente: 'Para el paciente',
        archivo_video_info: { ...server.draft.archivo_video_info, analisis_ia: 'Para ti' },
      };
      // The analyses show under their button, after the transcript step: the order the work happens.
      expect(await within(section).findByText('Análisis IA (solo para ti)', {}, { timeout: 5000 })).toBeInTheDocument();
      const steps = within(section)
        .getAllByRole('heading', { level: 4, hidden: true })
        .map((h) => h.textContent);
      expect(steps).toEqual(['Transcripción', 'Análisis IA']);
      const analyze = within(section).getByRole('button', { name: 'Regenerar análisis', hidden: true });
      expect(analyze.compareDocumentPosition(screen.getByText('Para ti')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(screen.getByText('Para ti')).toBeInTheDocument();
      const patient = screen.getByRole('textbox', { name: 'Versión para el paciente', hidden: true });
      expect(patient).toHaveValue('Para el paciente');
      // Saving the session publishes the patient version (the server does); the original stays the therapist's.
      expect(patient).toHaveAccessibleDescription(/^Visible para el paciente: se publica al guardar la sesión/);
      expect(screen.getByTestId('audience-analisis_ia')).toHaveTextContent('Privado: solo para ti');
      await user.click(patient);
      await user.paste(' corregida');
      await vi.waitFor(
        () => expect(methods.updateDraft).toHaveBeenLastCalledWith(ID, { analisis_ia_paciente: 'Para el paciente corregida' }),
        { timeout: 4000 },
      );

      // Regenerating replaces that: it asks first.
      await user.click(within(section).getByRole('button', { name: 'Regenerar análisis', hidden: true }));
      const dialog = await screen.findByRole('dialog', { name: '¿Regenerar el análisis?', hidden: true });
      await user.click(within(dialog).getByRole('button', { name: 'Cancelar', hidden: true }));
      expect(methods.startAnalysis).toHaveBeenCalledTimes(1);
    }, 30_000);

    it('a failed job shows why and offers to try again; a refused start shows the server detail', async () => {
      const { methods } = serverWithDraft({ estado: 'fallido', progreso: 30, mensaje_error: 'No se detectó audio válido en el video...' });
      vi.spyOn(console, 'error').mockImplementation(() => undefined); // react-admin logs failed calls
      const detail = 'La inteligencia artificial no está configurada en este servidor.';
      methods.startTranscription.mockRejectedValueOnce(new ApiError(detail, 503, { detail, code: 'AI_NOT_CONFIGURED' }));
      const { user } = renderPanel(methods);
      await user.click(await screen.findByRole('button', { name: /^Con video/, hidden: true }));
      const section = await screen.findByRole('region', { name: 'Transcripción y análisis IA', hidden: true });
      expect(statusText()).toHaveTextContent('Error en el procesamiento');
      expect(within(section).getByTestId('draft-job-error')).toHaveTextContent('No se detectó audio válido en el video...');
      await user.click(within(section).getByRole('button', { name: 'Transcribir de nuevo', hidden: true }));
      await vi.waitFor(() => expect(toastTexts()).toContain(`Error al iniciar la transcripción en segundo plano: ${detail}`));
      await user.click(within(section).getByRole('button', { name: 'Transcribir de nuevo', hidden: true }));
      await vi.waitFor(() => expect(statusText()).toHaveTextContent('Generando transcripción...'));
      expect(within(section).queryByTestId('draft-job-error')).toBeNull();
    });

    it('without an AI provider it says so and the buttons are disabled', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(() =>
          Promise.resolve(
            new Response(JSON.stringify({ google_client_id: null, demo_login: false, ia_configurada: false }), { status: 200 }),
          ),
        ),
      );
      const { methods } = serverWithDraft({ notas: 'Notas' });
      const { user } = renderPanel(methods);
      await user.click(await screen.findByRole('button', { name: /^Con video/, hidden: true }));
      const section = await screen.findByRole('region', { name: 'Transcripción y análisis IA', hidden: true });
      expect(await within(section).findByTestId('ai-not-configured')).toHaveTextContent(
        'La inteligencia artificial no está configurada en este servidor',
      );
      expect(within(section).getByRole('button', { name: 'Transcribir video', hidden: true })).toBeDisabled();
      expect(within(section).getByRole('button', { name: 'Generar análisis IA', hidden: true })).toBeDisabled();
    });
  });
});
