import { BadRequestException, Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MSG, transcriptText, type DraftProgress } from '@consulta/shared';
import { AI_PROVIDER, type AiProvider, type KnownSpeaker } from '../ai/ai-provider';
import type { User } from '../auth/entities/user.entity';
import { problem } from '../common/errors/error.dto';
import type { Execute } from '../common/sql/execute';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { draftInState, draftsInJob, writeDraftJobState } from '../drafts/draft-writes';
import { assertDraftFree, startDraftJob } from '../drafts/draft-job-start';
import { dropJobRun, finishJobRun, startJobRun } from '../drafts/draft-job-runs';
import { DraftsQuery } from '../drafts/drafts.query';
import { SessionDraft } from '../drafts/entities/session-draft.entity';
import { JobsService } from '../jobs/jobs.service';
import { PermanentJobError } from '../jobs/permanent-job-error';
import { registerRowJob, type RowJob } from '../jobs/row-job';
import { watchRow } from '../jobs/row-watch';
import { ConsentGate } from '../consents/consent-gate.service';
import { PatientAccess } from '../access/patient-access.service';
import { STORAGE_DRIVER, type StorageDriver } from '../storage/drivers/storage-driver';
import { FileChanged, StoredFiles } from '../storage/stored-files.service';
import {
  audioClip,
  extractAudioPieces,
  NoAudioTrackError,
  probeMedia,
  SILENCE_MAX_DB,
  type AudioPiece,
  type VideoSource,
} from './media/audio';
import { mediaBinaries, type MediaBinaries } from './media/binaries';
import { firstPieceNames, MAX_KNOWN_SPEAKERS, stitchTranscript, voicesOf, type PieceTranscript } from './transcript-stitch';
import { TRANSCRIBING_DRAFT_FILE_SQL } from '../drafts/draft-reads.sql';

/** The video has no audio track, or only silence: retrying would not help. */
class NoValidAudio extends PermanentJobError {}

/** A voice sample for the provider: this long at most, and at least the provider's 2 s. */
const SAMPLE_MAX_S = 8;
const SAMPLE_MIN_S = 2;

/**
 * Diarized transcription of a draft's video, as a background job. The draft is `transcribiendo` while
 * it runs, with its progress; done, it is back in `borrador` with the transcript by speaker, its text and the
 * number of voices; given up, `fallido` with the spec's message. ffmpeg extracts 16 kHz mono speech audio in pieces
 * (the provider never gets the video, nor more than 25 MB at once); the first piece names the voices, the others
 * go in parallel with samples of those voices, so a voice keeps its name across a long session.
 */
@Injectable()
export class TranscriptionService implements OnModuleInit {
  private readonly logger = new Logger('Transcription');
  private job: RowJob;

  constructor(
    private readonly em: EntityManager,
    private readonly access: PatientAccess,
    private readonly jobs: JobsService,
    private readonly drafts: DraftsQuery,
    @Inject(AI_PROVIDER) private readonly ai: AiProvider,
    @Inject(STORAGE_DRIVER) private readonly storage: StorageDriver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly consents: ConsentGate,
    private readonly files: StoredFiles,
  ) {}

  onModuleInit(): void {
    this.job = registerRowJob(this.jobs, 'transcription', 'draftId', {
      run: (draftId) => this.transcribe(draftId),
      failed: (draftId, error) => this.fail(draftId, error),
      held: () => draftsInJob(this.execute, 'transcribiendo'),
    });
  }

  /** POST /sesiones-asincronas/start-transcription/{draftId}: 202 with the draft's progress. */
  async start(user: User, draftId: string): Promise<DraftProgress> {
    const draft = await this.access.owned(user, SessionDraft, draftId, { notFound: MSG.drafts.notFound, invalidId: MSG.drafts.invalidId });
    await this.consents.require(draft.patient.id, 'ia');
    this.ai.assertConfigured();
    assertDraftFree(draft.estado);
    if (!draft.archivoVideoInfo.file_key) throw new BadRequestException(problem(MSG.ai.noVideo, 'VALIDATION'));
    return startDraftJob(this.job, this.drafts, draft.id, 'transcribiendo');
  }

  /** The job: idempotent (a draft no longer `transcribiendo` is left alone; a rerun starts over). */
  private async transcribe(draftId: string): Promise<void> {
    const [draft] = (await this.execute(TRANSCRIBING_DRAFT_FILE_SQL, [draftId])) as { file_key: string | null }[];
    if (!draft) return;
    if (!(await this.consents.givenForDraft(draftId, 'ia'))) return this.withdrawn(draftId);
    if (!draft.file_key) throw new NoValidAudio(MSG.ai.noVideo);
    // Cancelled or deleted meanwhile: the job stops within JOB_WATCH_MS, its request in flight aborted.
    const abort = new AbortController();
    const stopWatching = watchRow(() => draftInState(this.execute, draftId, 'transcribiendo'), abort, this.config.jobs.watchMs);
    let dir: string | null = null;
    let run: string | null = null;
    let finished = false;
    try {
      const bins = mediaBinaries(this.config.media);
      // The video the draft took, not other bytes written to its key since (FileChanged: the draft says so).
      await this.files.intact(draft.file_key);
      const source = await this.videoSource(draft.file_key);
      const info = await probeMedia(bins, source);
      if (!info.hasAudio) throw new NoValidAudio('The video has no audio track');
      if (abort.signal.aborted) return this.stopped(draftId);
      // Timed from here, with the video's length: the time-left estimate of the next transcriptions.
      run = await startJobRun(this.execute, 'transcription', draftId, info.durationSeconds);
      dir = await mkdtemp(path.join(os.tmpdir(), 'consulta-transcription-'));
      const expected = Math.max(1, Math.ceil(info.durationSeconds / this.config.transcription.pieceSeconds));
      const report = async (done: number) => {
        const still = await writeDraftJobState(
          this.execute,
          draftId,
          { progreso: Math.min(99, 2 + Math.round((95 * done) / expected)) },
          'transcribiendo',
        );
        if (!still) abort.abort(); // deleted, or no longer ours: stop spending
      };
      await report(0);
      const { pieces, firstNames, maxVolumeDb } = await this.transcribePieces(bins, source, dir, abort.signal, report);
      if (abort.signal.aborted) return this.stopped(draftId);
      const transcript = stitchTranscript(pieces, firstNames);
      if (transcript.length === 0 || (maxVolumeDb !== null && maxVolumeDb < SILENCE_MAX_DB)) throw new NoValidAudio('No speech was found');
      finished = await writeDraftJobState(
        this.execute,
        draftId,
        {
          estado: 'borrador',
          progreso: 100,
          mensaje_error: null,
          num_voces: voicesOf(transcript),
          video: { transcript, script_text: transcriptText(transcript) },
        },
        'transcribiendo',
      );
      if (finished) await finishJobRun(this.execute, run);
    } catch (error) {
      // What the cancel (or the deletion) interrupted is no failure: there is nothing to retry.
      if (abort.signal.aborted) return this.stopped(draftId);
      if (error instanceof NoAudioTrackError) throw new NoValidAudio(error.message);
      throw error;
    } finally {
      stopWatching();
      abort.abort();
      if (run && !finished) await dropJobRun(this.execute, run).catch(() => undefined);
      if (dir) await rm(dir, { recursive: true, force: true });
    }
  }

  /** The draft was cancelled or deleted while the job ran: it stopped without another request to the provider. */
  private stopped(draftId: string): void {
    this.logger.log(`Draft ${draftId}: transcription stopped, the draft is no longer transcribiendo`);
  }

  /**
   * The draft's video as ffmpeg reads it. Its container is read from its first bytes again: the store may hold
   * other bytes than were checked when the draft took the key, and the container alone decides ffmpeg's demuxer.
   */
  private async videoSource(key: string): Promise<VideoSource> {
    const container = await this.files.videoContainerOf(key);
    if (!container) throw new NoValidAudio('The file is not a video of an accepted container');
    return { ...(await this.storage.mediaInput(key)), container };
  }

  /**
   * Extracts the pieces and sends each as soon as it is written: the first alone (it names the voices), the rest
   * at most `parallel` at a time, each with samples of the named voices.
   */
  private async transcribePieces(
    bins: MediaBinaries,
    source: VideoSource,
    dir: string,
    signal: AbortSignal,
    report: (done: number) => Promise<void>,
  ): Promise<{ pieces: PieceTranscript[]; firstNames: Map<string, string>; maxVolumeDb: number | null }> {
    const extraction = extractAudioPieces(bins, source, { dir, pieceSeconds: this.config.transcription.pieceSeconds, signal });
    extraction.done.catch(() => undefined); // awaited below; on an early failure the caller's abort ends it
    const results: PieceTranscript[] = [];
    let firstNames = new Map<string, string>();
    let known: KnownSpeaker[] = [];
    let done = 0;
    const send = async (piece: AudioPiece, knownSpeakers: KnownSpeaker[]) => {
      // Stopped (cancelled, deleted): no further request.
      if (signal.aborted) throw new Error('The transcription was stopped');
      const segments = await this.ai.transcribe({ path: piece.path, filename: path.basename(piece.path) }, { knownSpeakers, signal });
      results.push({ index: piece.index, startSeconds: piece.startSeconds, segments });
      await report(++done);
      return segments;
    };
    const inFlight = new Set<Promise<void>>();
    let failure: unknown = null;
    for await (const piece of extraction.pieces) {
      if (signal.aborted) break;
      if (piece.index === 0) {
        const segments = await send(piece, []);
        firstNames = firstPieceNames(segments);
        known = await this.voiceSamples(bins, piece, segments, firstNames);
        continue;
      }
      while (inFlight.size >= this.config.transcription.parallel && !failure) await Promise.race(inFlight);
      if (failure || signal.aborted) break;
      const sending: Promise<void> = send(piece, known).then(
        () => void inFlight.delete(sending),
        (error: unknown) => {
          failure ??= error;
          inFlight.delete(sending);
        },
      );
      inFlight.add(sending);
    }
    if (!failure) await Promise.all(inFlight);
    if (failure) throw failure;
    const { maxVolumeDb } = await extraction.done;
    return { pieces: results, firstNames, maxVolumeDb };
  }

  /** Up to four named voices, each with a 2-8 s sample of its longest turn in the first piece. */
  private async voiceSamples(
    bins: MediaBinaries,
    piece: AudioPiece,
    segments: PieceTranscript['segments'],
    names: Map<string, string>,
  ): Promise<KnownSpeaker[]> {
    const samples: KnownSpeaker[] = [];
    for (const [label, name] of names) {
      if (samples.length >= MAX_KNOWN_SPEAKERS) break;
      const longest = segments.filter((s) => s.speaker === label).sort((a, b) => b.end - b.start - (a.end - a.start))[0];
      if (!longest || longest.end - longest.start < SAMPLE_MIN_S) continue;
      const clip = await audioClip(bins, piece.path, longest.start, Math.min(longest.end, longest.start + SAMPLE_MAX_S));
      samples.push({ name, reference: `data:${clip.mimeType};base64,${clip.data.toString('base64')}` });
    }
    return samples;
  }

  /** The patient revoked the AI consent while the job waited: it stops, and the draft says why. */
  private async withdrawn(draftId: string): Promise<void> {
    this.logger.warn(`Draft ${draftId}: transcription stopped, the AI consent was revoked`);
    await writeDraftJobState(
      this.execute,
      draftId,
      { estado: 'fallido', progreso: 0, mensaje_error: MSG.consents.aiWithdrawn },
      'transcribiendo',
    );
  }

  /** Given up: `fallido`, with the spec's message (no audio, or try again). */
  private async fail(draftId: string, error: Error): Promise<void> {
    this.logger.warn(`Draft ${draftId}: transcription failed: ${error.message}`);
    const mensaje =
      error instanceof NoValidAudio ? MSG.ai.noAudio : error instanceof FileChanged ? MSG.storage.fileChanged : MSG.ai.transcriptionFailed;
    await writeDraftJobState(this.execute, draftId, { estado: 'fallido', progreso: 0, mensaje_error: mensaje }, 'transcribiendo');
  }

  private readonly execute: Execute = (sql, params) => this.em.fork().getConnection().execute(sql, params, 'all');
}
