const ignore = () => undefined;

/**
 * One request at a time to the draft: a save asked for while one runs becomes one more pass of it; other writes wait
 * their turn (`exclusive`); a timer starts the next save (`schedule`). Knows nothing of what a save sends.
 */
export class SaveQueue {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | null = null;
  /** One more pass was asked for while a request ran. */
  again = false;

  /** `due` runs when the timer fires; while `stopped()` nothing is scheduled. */
  constructor(
    private readonly due: () => void,
    private readonly stopped: () => boolean = () => false,
  ) {}

  /** The request under way, or null. */
  get current(): Promise<void> | null {
    return this.running;
  }

  get scheduled(): boolean {
    return this.timer !== undefined;
  }

  schedule(ms: number) {
    this.cancel();
    if (this.stopped()) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.due();
    }, ms);
  }

  cancel() {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Runs `body` now, or, while a request runs, asks that one for one more pass and answers it. */
  run(body: () => Promise<void>): Promise<void> {
    this.cancel();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        await body();
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /**
   * Runs `fn` as the one request of the moment: after the one under way, before the next save (a pass asked for
   * meanwhile is scheduled right after). A failure is thrown back.
   */
  async exclusive<T>(fn: () => Promise<T>): Promise<T> {
    while (this.running) await this.running;
    const op = fn();
    const held = op.then(ignore, ignore);
    this.running = held;
    try {
      return await op;
    } finally {
      if (this.running === held) this.running = null;
      if (this.again) {
        this.again = false;
        this.schedule(0);
      }
    }
  }
}
