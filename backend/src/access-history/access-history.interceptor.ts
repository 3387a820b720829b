import {
  HttpException,
  Injectable,
  Logger,
  ServiceUnavailableException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ACCESS_USER_AGENT_MAX, MSG } from '@consulta/shared';
import type { Request, Response } from 'express';
import { catchError, from, mergeMap, throwError, type Observable } from 'rxjs';
import type { User } from '../auth/entities/user.entity';
import { CLINICAL_ACCESS_KEY, type ClinicalAccessDeclaration } from '../common/auth/clinical-access.decorator';
import { problem } from '../common/errors/error.dto';
import { withAccessScope, type AccessScope } from '../access/access-context';
import { AccessHistoryWriter, type NewAccessEntry } from './access-history.writer';

const statusOf = (error: unknown): number => (error instanceof HttpException ? error.getStatus() : 500);

/**
 * Records every call of a route declared with `@ClinicalAccess`: the handler runs in an access scope that the one
 * access check (PatientAccess) fills with the patients it lets through; when the handler settles, one entry per
 * patient (or one without a patient) is written, and only then does the answer go. An answer that could not be
 * recorded is not given: 503 instead (a write has happened by then, and the client is told it may not have).
 */
@Injectable()
export class AccessHistoryInterceptor implements NestInterceptor {
  private readonly logger = new Logger('AccessHistory');

  constructor(
    private readonly reflector: Reflector,
    private readonly writer: AccessHistoryWriter,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const declared = this.reflector.get<ClinicalAccessDeclaration | undefined>(CLINICAL_ACCESS_KEY, context.getHandler());
    const req = context.switchToHttp().getRequest<Request & { user?: User }>();
    if (!declared || 'none' in declared || !req.user) return next.handle();
    const res = context.switchToHttp().getResponse<Response>();
    const started = new Date().toISOString();
    const actor = req.user;
    let recorded = false;

    const record = (status: number): Promise<void> => {
      if (recorded) return Promise.resolve();
      recorded = true;
      const base = {
        occurred_at: started,
        actor_id: actor.id,
        actor_role: actor.role,
        kind: declared.kind,
        action: declared.action,
        method: req.method,
        path: req.originalUrl.split('?')[0].slice(0, 500),
        status,
        success: status < 400,
        ip: req.ip?.replace(/^::ffff:/, '').slice(0, 64) ?? null, // an IPv4 client as itself, not IPv4-mapped
        user_agent: req.get('user-agent')?.slice(0, ACCESS_USER_AGENT_MAX) || null,
      };
      const patients = scope.patients.size > 0 ? [...scope.patients] : [null];
      return this.writer.write(patients.map((patient_id): NewAccessEntry => ({ ...base, patient_id }))).catch((error: unknown) => {
        this.logger.error(`An access was not recorded: ${String(error)}`);
        throw new ServiceUnavailableException(problem(MSG.accessHistory.notRecorded, 'UNAVAILABLE'));
      });
    };
    const scope: AccessScope = { patients: new Set(), recordNow: () => record(res.statusCode) };

    return withAccessScope(scope, () => next.handle()).pipe(
      mergeMap(async (value) => {
        await record(res.statusCode);
        return value;
      }),
      // A failure's own answer goes even when its entry could not be written (that is logged).
      catchError((error: unknown) => from(record(statusOf(error)).catch(() => undefined)).pipe(mergeMap(() => throwError(() => error)))),
    );
  }
}
