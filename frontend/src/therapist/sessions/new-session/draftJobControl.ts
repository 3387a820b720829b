import {
  DRAFT_FIRST_POLL_MS,
  DRAFT_POLL_MS,
  isDraftBusy,
  isDraftTerminal,
  transcriptText,
  type DraftProgress,
  type SessionDraft,
} from '@consulta/shared';
import { errorCode } from '../../../app/core/http';
import type { SessionForm } from '../sessionForm';

/** The draft's background jobs: the diarized transcription, and the two analyses. */
export type DraftJob = 'transcription' | 'analysis';

/** A job was not started because what is typed could not be saved first (the job would not see it). */
export class DraftNotSavedError extends Error {
  constructor() {
    super('El borrador no se pudo guardar');
    this.name = 'DraftNotSavedError';
  }
}

/** The server calls of the draft's jobs. */
export interface JobCalls {
  getDraftProgress: (id: string) => Promise<DraftProgress>;
  /** POST start-transcription: the answer is the draft's progress once the job is queued. */
  startTranscription: (id: string) => Promise<DraftProgress>;
  /** POST start-analysis: the job reads what the draft has saved. */
  startAnalysis: (id: string) => Promise<DraftProgress>;
  /** POST cancel: the running job stops, the draft goes to 'cancelado'. */
  cancelJob: (id: string) => Promise<DraftProgress>;
}

/** What the job control reads and asks of the autosaver that holds the open draft. */
export interface JobHost {
  draft(): SessionDraft | null;
  /** The form as the server has it. */
  lastSaved(): SessionForm;
  /** The page shows the draft (polling runs only then). */
  attached(): boolean;
  /** The open draft's new state, shown and told to the list. */
  show(draft: SessionDraft): void;
  reload(id: string): Promise<void>;
  /** The open draft became a session elsewhere. */
  savedElsewhere(id: string): void;
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** Saves what is typed first; false when it could not be (or may not now). */
  saveFirst(): Promise<boolean>;
  progressFailed(error: unknown): void;
}

/**
 * The open draft's processing jobs: starting and cancelling them, and polling the draft while it is not terminal
 * (the first poll 2 s after a start, then every 3 s), reloading it when a job has produced a transcript or analysis.
 */
export class DraftJobControl {
  private pollTimer: ReturnType<typeof setTimeout> | undefined;
  private polledId: string | null = null;
  /** Each polling run has its number: an answer of an older run (sent before a job started...) is dropped. */
  private pollRun = 0;
  private progressFailing = false;

  constructor(
    private readonly calls: JobCalls,
    private readonly host: JobHost,
  ) {}

  /** Polls the open draft while it is not terminal; `restart` starts a new run even for the same draft. */
  sync(restart = false) {
    const draft = this.host.draft();
    const id = draft && !isDraftTerminal(draft.estado) && this.host.attached() ? draft.id : null;
    if (id === this.polledId && !restart) return;
    clearTimeout(this.pollTimer);
    this.polledId = id;
    const run = ++this.pollRun;
    this.progressFailing = false;
    if (id) this.pollTimer = setTimeout(() => void this.poll(id, run), DRAFT_FIRST_POLL_MS);
  }

  /**
   * Starts a background job on the open draft. What is typed is saved first (the job reads the saved draft;
   * DraftNotSavedError when that fails); the answer's state shows at once, and polling starts over until the draft
   * is back in 'borrador' with the results (reloaded then) or 'fallido'. A refusal is thrown back (409 JOB_RUNNING:
   * the running job's state is read first).
   */
  async start(job: DraftJob): Promise<DraftProgress> {
    if (!(await this.host.saveFirst())) throw new DraftNotSavedError();
    return this.host.exclusive(async () => {
      const draft = this.host.draft();
      if (!draft) throw new DraftNotSavedError();
      try {
        const progress = await (job === 'transcription' ? this.calls.startTranscription : this.calls.startAnalysis)(draft.id);
        if (this.host.draft()?.id === draft.id) {
          this.sync(true);
          await this.apply(progress);
        }
        return progress;
      } catch (error) {
        if (errorCode(error) === 'JOB_RUNNING') await this.refresh(draft.id);
        throw error;
      }
    });
  }

  /**
   * 'Cancelar procesamiento' of draft `id` (the open one or another of the list): its job stops and it goes to
   * 'cancelado', shown at once for the open one. Answers the draft's progress; a refusal is thrown back (409
   * NOTHING_RUNNING: the job ended meanwhile, its state is read again).
   */
  async cancel(id: string): Promise<DraftProgress> {
    try {
      const progress = await this.calls.cancelJob(id);
      if (this.host.draft()?.id === id) await this.apply(progress);
      return progress;
    } catch (error) {
      if (this.host.draft()?.id === id && errorCode(error) === 'NOTHING_RUNNING') await this.refresh(id);
      throw error;
    }
  }

  /** Reads the draft's progress once now (its state may be ahead of what is shown); a failure changes nothing. */
  private async refresh(id: string) {
    try {
      const progress = await this.calls.getDraftProgress(id);
      this.sync(true);
      await this.apply(progress);
    } catch {
      // The regular polling says so if it keeps failing.
    }
  }

  private async poll(id: string, run: number) {
    const current = () => this.pollRun === run;
    try {
      const progress = await this.calls.getDraftProgress(id);
      if (!current()) return;
      this.progressFailing = false;
      await this.apply(progress);
    } catch (error) {
      if (!current()) return;
      // A missing draft is recreated by the next save; polling it again would only fail again.
      if (errorCode(error) === 'NOT_FOUND') return;
      if (!this.progressFailing) this.host.progressFailed(error);
      this.progressFailing = true;
    }
    if (current()) this.pollTimer = setTimeout(() => void this.poll(id, run), DRAFT_POLL_MS);
  }

  private async apply(progress: DraftProgress) {
    const draft = this.host.draft();
    if (!draft || draft.id !== progress.draft_id) return;
    if (progress.estado === 'completado') return this.host.savedElsewhere(draft.id);
    if (
      draft.estado !== progress.estado ||
      draft.progreso !== progress.progreso ||
      draft.mensaje_error !== progress.mensaje_error ||
      (draft.segundos_restantes ?? null) !== (progress.segundos_restantes ?? null)
    ) {
      this.host.show({
        ...draft,
        estado: progress.estado,
        progreso: progress.progreso,
        segundos_restantes: progress.segundos_restantes ?? null,
        mensaje_error: progress.mensaje_error,
        archivo_video_info: progress.archivo_video_info,
        analisis_ia_paciente: progress.analisis_ia_paciente,
      });
    }
    if (!isDraftBusy(progress.estado) && this.resultsDiffer(progress)) await this.host.reload(draft.id);
  }

  /** The server has a transcript or an analysis the form has not seen. */
  private resultsDiffer(progress: DraftProgress): boolean {
    const saved = this.host.lastSaved();
    const video = progress.archivo_video_info ?? {};
    return (
      (video.script_text ?? transcriptText(video.transcript)) !== saved.transcripcion ||
      (video.analisis_ia ?? '') !== saved.analisis_ia ||
      (progress.analisis_ia_paciente ?? '') !== saved.analisis_ia_paciente
    );
  }
}
