import { DependencyUnavailable } from '../common/errors/unavailable';

/**
 * Redis did not answer a call in time, or the connection dropped while the call was under way: what was asked may
 * have been done all the same (a job queued, to run once Redis answers). A request answers 503, as for any Redis
 * outage; a sweep whose claimed mail this is keeps the claim rather than queue the mail a second time.
 */
export class QueueOutcomeUnknown extends DependencyUnavailable {
  constructor(cause: unknown) {
    super('redis', cause);
    this.message = 'Redis did not answer in time';
  }
}
