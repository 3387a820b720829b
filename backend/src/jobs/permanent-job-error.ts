/**
 * A failure that another attempt would repeat (bad input): the job is given up at once, without retries. Named
 * after its class, as BullMQ's UnrecoverableError is (RedisJobs hands it to BullMQ as one).
 */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}
