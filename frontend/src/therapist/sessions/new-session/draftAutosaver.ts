import {
  VIDEO_UPLOAD_STATES,
  DRAFT_AUTOSAVE_MS,
  isDraftBusy,
  type DraftPayload,
  type DraftProgress,
  type DraftVideoInfo,
  type SessionDraft,
  type SessionType,
} from '@consulta/shared';
import { errorCode, isUnreachable, serverDetail } from '../../../app/core/http';
import {
  JOB_FIELDS,
  customTypeOf,
  emptySessionForm,
  fromDraft,
  mergeReloaded,
  toDraftChanges,
  toDraftPayload,
  type SessionForm,
} from '../sessionForm';
import { DraftJobControl, type DraftJob, type JobCalls } from './draftJobControl';
import { SaveQueue } from './draftSaveQueue';

/** A save that failed for want of a connection (or a server failure) is tried again after this long. */
export const SAVE_RETRY_MS = 5000;

export type SaveState =
  { kind: 'idle' } | { kind: 'pending' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'error'; detail: string | null };

export interface AutosaveSnapshot {
  form: SessionForm;
  /** The open draft (its id, state and progress), or null before the first type choice. */
  draft: SessionDraft | null;
  save: SaveState;
  /** A draft is being opened (after saving the current one): the form waits. */
  loading: boolean;
}

/** The server calls the autosaver makes (the data provider's, plus an update that outlives the page). */
export interface DraftCalls extends JobCalls {
  createDraft: (data: DraftPayload & { paciente_id: string }) => Promise<SessionDraft>;
  updateDraft: (id: string, data: DraftPayload) => Promise<SessionDraft>;
  getDraft: (id: string) => Promise<SessionDraft>;
  updateDraftOnPageHide: (id: string, data: DraftPayload) => Promise<SessionDraft>;
}

/** A draft was asked for on another patient's page. */
export class DraftOfAnotherPatientError extends Error {
  constructor() {
    super('El borrador es de otro paciente');
    this.name = 'DraftOfAnotherPatientError';
  }
}

/** What the autosaver tells the screen. */
export interface DraftEvents {
  /** A draft was created, saved, reloaded or polled: its latest state, for the list. */
  changed: (draft: SessionDraft) => void;
  /** A draft is gone (saved as a session, deleted, or found missing). */
  gone: (id: string) => void;
  /** The open draft was missing when saving: a new one is created with the form. */
  recreating: () => void;
  /** Switching drafts is refused while one loads. */
  busyLoading: () => void;
  /** The current draft could not be saved, so the switch did not happen. */
  switchBlocked: () => void;
  loadFailed: (error: unknown) => void;
  progressFailed: (error: unknown) => void;
  /** The open draft became a session elsewhere (another tab): the form starts over. */
  savedElsewhere?: () => void;
}

const isEmpty = (o: object) => Object.keys(o).length === 0;
const ignore = () => undefined;
const SILENT: DraftEvents = {
  changed: ignore,
  gone: ignore,
  recreating: ignore,
  busyLoading: ignore,
  switchBlocked: ignore,
  loadFailed: ignore,
  progressFailed: ignore,
};

/**
 * The draft behind the new-session form: created on the first type choice, then saved 2 s after the
 * last change with only the fields that changed; one request at a time (SaveQueue), what is typed meanwhile goes
 * next; its jobs started, cancelled and polled by DraftJobControl. Framework-free: the hook useDraftAutosave binds it
 * to React.
 */
export class DraftAutosaver {
  private snapshot: AutosaveSnapshot;
  private readonly listeners = new Set<() => void>();
  /** The form as the server has it (what changes are measured against). */
  private lastSaved: SessionForm;
  private patientId: string | null = null;
  private types: readonly SessionType[] = [];
  private readonly queue = new SaveQueue(
    () => void this.run(),
    () => this.detached,
  );
  private readonly jobs: DraftJobControl;
  /** While a session is saved from the draft, or the draft deleted: no auto-save may touch it. */
  private paused = false;
  private detached = false;
  /** The page uploads a video now (the draft shows 'subiendo_video' meanwhile). */
  private uploading = false;

  private events: DraftEvents = SILENT;

  constructor(
    private readonly calls: DraftCalls,
    private readonly now: () => Date = () => new Date(),
  ) {
    const form = emptySessionForm(now());
    this.lastSaved = form;
    this.snapshot = { form, draft: null, save: { kind: 'idle' }, loading: false };
    this.jobs = new DraftJobControl(calls, {
      draft: () => this.draft,
      lastSaved: () => this.lastSaved,
      attached: () => !this.detached,
      show: (draft) => this.show(draft),
      reload: (id) => this.reload(id),
      savedElsewhere: (id) => this.savedElsewhere(id),
      exclusive: (fn) => this.queue.exclusive(fn),
      saveFirst: async () => !this.paused && !this.snapshot.loading && (await this.flush()),
      progressFailed: (error) => this.events.progressFailed(error),
    });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): AutosaveSnapshot => this.snapshot;

  private get form() {
    return this.snapshot.form;
  }

  private get draft() {
    return this.snapshot.draft;
  }

  private set(patch: Partial<AutosaveSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    if ('draft' in patch) this.jobs.sync();
    this.listeners.forEach((l) => l());
  }

  private changes(form: SessionForm = this.form): DraftPayload {
    return toDraftChanges(form, this.lastSaved, customTypeOf(form.tipo, this.types));
  }

  /** Something typed is not on the server yet (and could be: a draft exists, or one can be created). */
  hasUnsaved(): boolean {
    return this.draft ? !isEmpty(this.changes()) : this.canCreate();
  }

  /**
   * Something on screen is not on the server: changes not saved yet, or what was typed before a draft could be
   * created (no type chosen). Leaving now would lose it unless it is saved first.
   */
  hasUnsavedTyping(): boolean {
    return !isEmpty(this.changes());
  }

  /** A draft is created once a patient and a type are chosen. */
  private canCreate(): boolean {
    return !this.draft && Boolean(this.patientId && this.form.tipo);
  }

  // ---- inputs -------------------------------------------------------------------------------------------------

  /** Who hears what happens (the screen's toasts and draft list). */
  setEvents(events: DraftEvents) {
    this.events = events;
  }

  setTypes(types: readonly SessionType[]) {
    this.types = types;
    if (this.draft && this.hasUnsaved()) this.schedule();
  }

  /** The patient changed: a draft of the previous one is saved and closed; else what is typed goes to this one. */
  setPatient(patientId: string | null) {
    if (patientId === this.patientId) return;
    this.patientId = patientId;
    const open = this.draft;
    if (open && open.paciente_id !== patientId) {
      this.set({ loading: true });
      void this.flush().then(() => {
        if (this.draft?.id === open.id) this.reset();
        this.set({ loading: false });
      });
    } else if (this.canCreate() && !this.paused) {
      void this.run();
    }
  }

  setForm(next: SessionForm) {
    this.set({ form: next });
    if (this.paused || this.snapshot.loading) return;
    if (!this.draft) {
      if (this.canCreate()) void this.run();
      return;
    }
    if (!this.hasUnsaved()) return;
    if (!this.queue.current) this.set({ save: { kind: 'pending' } });
    this.schedule();
  }

  /**
   * Fills fields before any draft exists (a session registered from an appointment: its day, its duration and its
   * `cita_id`) as where the form starts, so nothing counts as unsaved until the therapist types. The draft created
   * later carries them, as the whole form goes into it.
   */
  prefill(patch: Partial<SessionForm>) {
    if (this.draft || this.snapshot.loading) return;
    this.lastSaved = { ...this.lastSaved, ...patch };
    this.set({ form: { ...this.form, ...patch } });
  }

  // ---- saving -------------------------------------------------------------------------------------------------

  private schedule(ms: number = DRAFT_AUTOSAVE_MS) {
    this.queue.schedule(ms);
  }

  private cancelSave() {
    this.queue.cancel();
  }

  /** Saves until the server has what is typed; one request at a time (a call meanwhile asks for one more pass). */
  private run(keepalive = false): Promise<void> {
    return this.queue.run(async () => {
      try {
        do {
          this.queue.again = false;
          await this.saveOnce(keepalive);
        } while (this.queue.again && !this.paused);
        if (this.draft && this.snapshot.save.kind !== 'saved' && !this.hasUnsaved()) this.set({ save: { kind: 'saved', at: this.now() } });
      } catch (error) {
        this.set({ save: { kind: 'error', detail: isUnreachable(error) ? null : serverDetail(error) } });
        if (isUnreachable(error) && this.hasUnsaved()) this.schedule(SAVE_RETRY_MS);
      }
    });
  }

  private async saveOnce(keepalive: boolean) {
    const sent = this.form;
    const type = customTypeOf(sent.tipo, this.types);
    const draft = this.draft;
    if (!draft) {
      if (!this.canCreate()) return;
      this.set({ save: { kind: 'saving' } });
      this.adoptSaved(await this.calls.createDraft({ ...toDraftPayload(sent, type), paciente_id: this.patientId! }), sent);
      return;
    }
    const changes = toDraftChanges(sent, this.lastSaved, type);
    if (isEmpty(changes)) return;
    this.set({ save: { kind: 'saving' } });
    try {
      const update = keepalive ? this.calls.updateDraftOnPageHide : this.calls.updateDraft;
      const saved = await update(draft.id, changes);
      if (this.draft?.id === draft.id) this.adoptSaved(saved, sent);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'NOT_FOUND') return this.recreate(draft.id);
      if (code === 'DRAFT_SAVED') return this.savedElsewhere(draft.id);
      if (code !== 'DRAFT_BUSY') throw error;
      // A job owns the transcript and analyses now: take its values, then save the rest.
      await this.reload(draft.id, JOB_FIELDS);
      this.queue.again = true;
    }
  }

  /** The open draft's new state, on screen and in the list. */
  private show(draft: SessionDraft) {
    this.set({ draft });
    this.events.changed(draft);
  }

  private adoptSaved(draft: SessionDraft, sent: SessionForm) {
    this.lastSaved = sent;
    this.set({ draft, save: this.hasUnsaved() ? { kind: 'pending' } : { kind: 'saved', at: this.now() } });
    this.events.changed(draft);
  }

  /** The open draft is gone (deleted in another tab...): a new one keeps what is on screen. */
  private async recreate(goneId: string) {
    this.events.gone(goneId);
    this.events.recreating();
    this.set({ draft: null });
    if (!this.patientId) return;
    const sent = this.form;
    const created = await this.calls.createDraft({
      ...toDraftPayload(sent, customTypeOf(sent.tipo, this.types)),
      paciente_id: this.patientId,
    });
    this.adoptSaved(created, sent);
  }

  /** Reads the draft again; fields changed here since the last save keep what was typed (except `serverWins`). */
  private async reload(id: string, serverWins: readonly (keyof SessionForm)[] = []) {
    const server = await this.calls.getDraft(id);
    if (this.draft?.id !== id) return;
    const serverForm = fromDraft(server);
    const form = mergeReloaded(this.form, this.lastSaved, serverForm, serverWins);
    this.lastSaved = serverForm;
    this.set({ form, draft: server });
    this.events.changed(server);
    if (!this.queue.current && !this.queue.scheduled && this.hasUnsaved()) this.schedule();
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    return this.queue.exclusive(fn);
  }

  /**
   * Writes the draft's video (only the keys sent change), creating the draft first
   * when there is none yet (a video uploaded before the type was chosen). Answers the saved draft.
   */
  async setVideo(video: DraftVideoInfo): Promise<SessionDraft> {
    return this.exclusive(async () => {
      const draft = this.draft;
      if (!draft) {
        if (!this.patientId) throw new Error('No hay paciente para el borrador');
        const sent = this.form;
        const payload = toDraftPayload(sent, customTypeOf(sent.tipo, this.types));
        const created = await this.calls.createDraft({
          ...payload,
          paciente_id: this.patientId,
          archivo_video_info: { ...payload.archivo_video_info, ...video },
        });
        this.adoptSaved(created, sent);
        return created;
      }
      const saved = await this.calls.updateDraft(draft.id, { archivo_video_info: video });
      if (this.draft?.id === draft.id) this.show(saved);
      return saved;
    });
  }

  /** Saves what is pending now; true when nothing typed is left unsaved. */
  async flush(): Promise<boolean> {
    this.cancelSave();
    if (this.hasUnsaved()) await this.run();
    else if (this.queue.current) await this.queue.current;
    return !this.hasUnsaved();
  }

  // ---- jobs ---------------------------------------------------------------------------------------------------

  /** Starts a background job on the open draft (see DraftJobControl.start). */
  startJob(job: DraftJob): Promise<DraftProgress> {
    return this.jobs.start(job);
  }

  /** 'Cancelar procesamiento' of draft `id` (see DraftJobControl.cancel). */
  cancelJob(id: string): Promise<DraftProgress> {
    return this.jobs.cancel(id);
  }

  /**
   * The page's video upload started or ended: the open draft says so ('subiendo_video', back to 'borrador'), unless
   * a job holds it (the server leaves it alone then). After the attach, which already ended it, nothing is sent.
   */
  videoUploading(uploading: boolean): void {
    this.uploading = uploading;
    if (!this.draft || this.paused) return;
    void this.markUpload(this.draft.id, uploading).catch(ignore);
  }

  private markUpload(id: string, uploading: boolean): Promise<void> {
    return this.exclusive(async () => {
      const draft = this.draft;
      if (draft?.id !== id) return;
      const needed = uploading ? draft.estado !== 'subiendo_video' && !isDraftBusy(draft.estado) : draft.estado === 'subiendo_video';
      if (!needed) return;
      const saved = await this.calls.updateDraft(id, {
        archivo_video_info: { estado_upload: uploading ? VIDEO_UPLOAD_STATES.uploading : null, upload_progress: uploading ? 0 : null },
      });
      if (this.draft?.id === id) this.show(saved);
    });
  }

  /** The open draft became a session elsewhere: nothing more is saved to it, and the form starts over. */
  private savedElsewhere(id: string) {
    if (this.paused || this.draft?.id !== id) return;
    this.events.gone(id);
    this.events.savedElsewhere?.();
    this.reset();
  }

  // ---- switching, finishing -----------------------------------------------------------------------------------

  private reset() {
    this.cancelSave();
    const form = emptySessionForm(this.now());
    this.lastSaved = form;
    this.set({ draft: null, form, save: { kind: 'idle' } });
  }

  /** Saves the current draft if changed, then opens another one; refused while a draft loads. */
  async open(id: string): Promise<void> {
    if (this.snapshot.loading) return this.events.busyLoading();
    if (this.draft?.id === id) return;
    this.set({ loading: true });
    try {
      if (!(await this.flush())) return this.events.switchBlocked();
      const draft = await this.calls.getDraft(id);
      // A link may name a draft of another patient than the one on screen: it is not opened here.
      if (this.patientId && draft.paciente_id !== this.patientId) throw new DraftOfAnotherPatientError();
      if (draft.estado === 'completado') {
        this.events.gone(id);
        this.events.savedElsewhere?.();
        return;
      }
      const form = fromDraft(draft);
      this.lastSaved = form;
      this.set({ draft, form, save: { kind: 'saved', at: new Date(draft.updated_at) } });
      // An upload that no page runs any more (the page that ran it was closed): the draft is back to 'borrador'.
      if (draft.estado === 'subiendo_video' && !this.uploading) void this.markUpload(id, false).catch(ignore);
    } catch (error) {
      this.events.loadFailed(error);
      if (errorCode(error) === 'NOT_FOUND') this.events.gone(id);
    } finally {
      this.set({ loading: false });
    }
  }

  /** 'Nueva': saves the current draft if changed, then starts an empty form. */
  async startNew(): Promise<void> {
    if (this.snapshot.loading) return this.events.busyLoading();
    this.set({ loading: true });
    try {
      if (await this.flush()) this.reset();
      else this.events.switchBlocked();
    } finally {
      this.set({ loading: false });
    }
  }

  /**
   * Saves the session from the form: `save` gets the open draft's id (the server deletes that draft with it).
   * Auto-save waits meanwhile, so it never recreates the draft just deleted; on success the form starts over.
   * A failure is thrown back, and auto-save resumes.
   */
  async finalize(save: (draftId: string | null) => Promise<unknown>): Promise<void> {
    this.paused = true;
    this.cancelSave();
    try {
      if (this.queue.current) await this.queue.current;
      await save(this.draft?.id ?? null);
      if (this.draft) this.events.gone(this.draft.id);
      this.reset();
    } finally {
      this.paused = false;
      if (this.hasUnsaved()) this.schedule();
    }
  }

  /** Deletes a draft through `remove`; deleting the open one empties the form. A failure is thrown back. */
  async discard(id: string, remove: () => Promise<unknown>): Promise<void> {
    const isOpen = this.draft?.id === id;
    if (isOpen) {
      this.paused = true;
      this.cancelSave();
      if (this.queue.current) await this.queue.current;
    }
    try {
      await remove();
      this.events.gone(id);
      if (isOpen && this.draft?.id === id) this.reset();
    } finally {
      if (isOpen) {
        this.paused = false;
        if (this.hasUnsaved()) this.schedule();
      }
    }
  }

  // ---- page life ----------------------------------------------------------------------------------------------

  /** The page is hidden or unloading: what is pending leaves now, in a request that outlives the page. */
  pageHidden() {
    const draft = this.draft;
    if (!draft || this.paused || !this.hasUnsaved()) return;
    if (!this.queue.current) {
      void this.run(true);
      return;
    }
    this.queue.again = true;
    this.calls.updateDraftOnPageHide(draft.id, this.changes()).catch(() => undefined);
  }

  /** Mounted (again): polling resumes. */
  attach() {
    this.detached = false;
    this.jobs.sync();
  }

  /** Unmounted: polling stops and what is pending is saved one last time. */
  detach() {
    this.detached = true;
    this.jobs.sync();
    if (!this.paused && this.draft && this.hasUnsaved()) void this.run();
  }
}
