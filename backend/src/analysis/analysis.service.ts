import { BadRequestException, ConflictException, Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { MSG, type DraftProgress } from '@consulta/shared';
import { AI_PROVIDER, type AiProvider } from '../ai/ai-provider';
import type { User } from '../auth/entities/user.entity';
import { problem } from '../common/errors/error.dto';
import type { Execute } from '../common/sql/execute';
import { ConsentGate } from '../consents/consent-gate.service';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { assertDraftFree, startDraftJob } from '../drafts/draft-job-start';
import { dropJobRun, finishJobRun, startJobRun } from '../drafts/draft-job-runs';
import { draftInState, draftsInJob, writeDraftJobState } from '../drafts/draft-writes';
import { DraftsQuery } from '../drafts/drafts.query';
import { SessionDraft } from '../drafts/entities/session-draft.entity';
import { JobsService } from '../jobs/jobs.service';
import { registerRowJob, type RowJob } from '../jobs/row-job';
import { watchRow } from '../jobs/row-watch';
import { PatientAccess } from '../access/patient-access.service';
import type { SessionDto } from '../sessions/dto/session.dto';
import { Session } from '../sessions/entities/session.entity';
import { claimSessionAnalysis, failSessionAnalysis, sessionsInAnalysis, writeSessionAnalysis } from '../sessions/session-writes';
import { SessionsQuery } from '../sessions/sessions.query';
import { refreshSessionIndex } from '../search/search-index-writes';
import { draftAnalysisInput, sessionAnalysisInput, type AnalysedSession } from './analysis-input';
import { hasAnalysableContent, patientAnalysisMessages, therapistAnalysisMessages } from './analysis-prompts';

/**
 * The two AI analyses: `analisis_ia` for the therapist, from everything the session has, and
 * `analisis_ia_paciente` for the patient, from an allow-list that leaves out the therapist's private notes.
 * For a draft, a job with the draft `procesando` (back to `borrador` with both texts, or `fallido`); for a saved
 * session, a job with its `analisis_estado` `generando`: the result lands unpublished, so the patient never
 * reads an AI text the therapist has not seen.
 */
@Injectable()
export class AnalysisService implements OnModuleInit {
  private readonly logger = new Logger('Analysis');
  private draftJob: RowJob;
  private sessionJob: RowJob;

  constructor(
    private readonly em: EntityManager,
    private readonly access: PatientAccess,
    private readonly jobs: JobsService,
    private readonly drafts: DraftsQuery,
    private readonly sessions: SessionsQuery,
    @Inject(AI_PROVIDER) private readonly ai: AiProvider,
    private readonly consents: ConsentGate,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.draftJob = registerRowJob(this.jobs, 'draft-analysis', 'draftId', {
      run: (draftId) => this.analyseDraft(draftId),
      failed: (draftId, error) => this.draftFailed(draftId, error),
      held: () => draftsInJob(this.execute, 'procesando'),
    });
    this.sessionJob = registerRowJob(this.jobs, 'session-analysis', 'sessionId', {
      run: (sessionId) => this.analyseSession(sessionId),
      failed: (sessionId, error) => this.sessionFailed(sessionId, error),
      held: () => sessionsInAnalysis(this.execute),
    });
  }

  /** POST /sesiones-asincronas/start-analysis/{draftId}: 202 with the draft's progress. */
  async startDraft(user: User, draftId: string): Promise<DraftProgress> {
    const draft = await this.access.owned(user, SessionDraft, draftId, { notFound: MSG.drafts.notFound, invalidId: MSG.drafts.invalidId });
    await this.consents.require(draft.patient.id, 'ia');
    this.ai.assertConfigured();
    assertDraftFree(draft.estado);
    const input = (await this.draftInput(draft.id))?.input;
    if (!input || !hasAnalysableContent(input)) throw new BadRequestException(problem(MSG.ai.nothingToAnalyze, 'VALIDATION'));
    return startDraftJob(this.draftJob, this.drafts, draft.id, 'procesando');
  }

  /** POST /sesiones/{id}/start-background-analysis: 202 with the session (`analisis_estado` 'generando'). */
  async startSession(user: User, sessionId: string): Promise<SessionDto> {
    const session = await this.access.owned(user, Session, sessionId, { notFound: MSG.sessions.notFound });
    await this.consents.require(session.patient.id, 'ia');
    this.ai.assertConfigured();
    if (session.analisisEstado === 'generando') throw new ConflictException(problem(MSG.ai.sessionAnalysisRunning, 'JOB_RUNNING'));
    const input = (await this.sessionInput(session.id))?.input;
    if (!input || !hasAnalysableContent(input)) throw new BadRequestException(problem(MSG.ai.nothingToAnalyze, 'VALIDATION'));
    if (!(await this.sessionJob.start(session.id, () => claimSessionAnalysis(this.execute, session.id))))
      throw new ConflictException(problem(MSG.ai.sessionAnalysisRunning, 'JOB_RUNNING'));
    return this.sessions.one(session.id);
  }

  /** The draft job: idempotent (a draft no longer `procesando` is left alone). */
  private async analyseDraft(draftId: string): Promise<void> {
    const analysed = await this.draftInput(draftId, 'procesando');
    if (!analysed) return;
    if (!(await this.consents.givenForDraft(draftId, 'ia'))) {
      await writeDraftJobState(
        this.execute,
        draftId,
        { estado: 'fallido', progreso: 0, mensaje_error: MSG.consents.aiWithdrawn },
        'procesando',
      );
      return;
    }
    // Cancelled or deleted meanwhile: the job stops within JOB_WATCH_MS (its request in flight aborted), or at its next step.
    const abort = new AbortController();
    const stopWatching = watchRow(() => draftInState(this.execute, draftId, 'procesando'), abort, this.config.jobs.watchMs);
    let texts: { therapist: string; patient: string } | null;
    // Timed: the time-left estimate of the next analyses.
    const run = await startJobRun(this.execute, 'analysis', draftId, null);
    try {
      texts = await this.write(analysed, (progreso) => writeDraftJobState(this.execute, draftId, { progreso }, 'procesando'), abort.signal);
    } catch (error) {
      await dropJobRun(this.execute, run).catch(() => undefined);
      if (!abort.signal.aborted) throw error;
      texts = null;
    } finally {
      stopWatching();
    }
    if (!texts || abort.signal.aborted) {
      await dropJobRun(this.execute, run);
      this.logger.log(`Draft ${draftId}: analysis stopped, the draft is no longer procesando`);
      return;
    }
    const finished = await writeDraftJobState(
      this.execute,
      draftId,
      {
        estado: 'borrador',
        progreso: 100,
        mensaje_error: null,
        analisis_ia_paciente: texts.patient,
        video: { analisis_ia: texts.therapist },
      },
      'procesando',
    );
    await (finished ? finishJobRun(this.execute, run) : dropJobRun(this.execute, run));
  }

  /** The saved-session job: the patient version lands unpublished, for the therapist to read first. */
  private async analyseSession(sessionId: string): Promise<void> {
    const analysed = await this.sessionInput(sessionId, true);
    if (!analysed) return;
    // Revoked while queued: the session has no message column, its state says it failed (and the UI why).
    if (!(await this.consents.givenForSession(sessionId, 'ia')))
      return this.sessionFailed(sessionId, new Error('the AI consent was revoked'));
    const texts = await this.write(analysed, async () => true);
    if (!texts) return;
    await writeSessionAnalysis(this.execute, sessionId, texts);
    await refreshSessionIndex(this.em, sessionId);
  }

  /**
   * Both texts, one request each: the patient's never sees what the therapist's reads beyond the allow-list. Each
   * step first records its progress; when that answers false (the job lost its row: cancelled, deleted) it stops
   * there, without the next request, and answers null.
   */
  private async write(
    { input, patientId }: AnalysedSession,
    progress: (progreso: number) => Promise<boolean>,
    signal?: AbortSignal,
  ): Promise<{ therapist: string; patient: string } | null> {
    if (!(await progress(10)) || signal?.aborted) return null;
    const therapist = (await this.ai.complete(therapistAnalysisMessages(input), { about: { patientId }, signal })).trim();
    if (!(await progress(55)) || signal?.aborted) return null;
    const patient = (await this.ai.complete(patientAnalysisMessages(input), { about: { patientId }, signal })).trim();
    if (!therapist || !patient) throw new Error('The provider answered an empty analysis');
    return { therapist, patient };
  }

  private draftInput(draftId: string, onlyIn?: 'procesando'): Promise<AnalysedSession | null> {
    return draftAnalysisInput(this.execute, draftId, onlyIn);
  }

  private sessionInput(sessionId: string, onlyRunning = false): Promise<AnalysedSession | null> {
    return sessionAnalysisInput(this.execute, sessionId, onlyRunning);
  }

  private async draftFailed(draftId: string, error: Error): Promise<void> {
    this.logger.warn(`Draft ${draftId}: analysis failed: ${error.message}`);
    await writeDraftJobState(this.execute, draftId, { estado: 'fallido', progreso: 0, mensaje_error: MSG.ai.analysisFailed }, 'procesando');
  }

  private async sessionFailed(sessionId: string, error: Error): Promise<void> {
    this.logger.warn(`Session ${sessionId}: analysis failed: ${error.message}`);
    await failSessionAnalysis(this.execute, sessionId);
  }

  private readonly execute: Execute = (sql, params) => this.em.fork().getConnection().execute(sql, params, 'all');
}
