import type { EntityManager } from '@mikro-orm/core';
import { execute } from '../common/sql/execute';

/** A write at most this often: the UI polls every 2 s. */
const INTERVAL_MS = 500;

/**
 * Keeps an export's `progreso` up to date while its archive is written: whole percents, at most one UPDATE in flight
 * and one every INTERVAL_MS, never 100 (that is the ready state's, set with it).
 */
export class ProgressWriter {
  private written = 0;
  private pending: number | null = null;
  private lastAt = 0;
  private inFlight: Promise<void> = Promise.resolve();
  private writing = false;

  constructor(
    private readonly em: EntityManager,
    private readonly exportId: string,
  ) {}

  /** The share done (0-1). */
  report(share: number): void {
    const percent = Math.min(99, Math.floor(share * 100));
    if (percent <= this.written) return;
    this.pending = percent;
    if (!this.writing && Date.now() - this.lastAt >= INTERVAL_MS) this.flush();
  }

  /** Waits for the write in flight. */
  async close(): Promise<void> {
    await this.inFlight;
  }

  private flush(): void {
    if (this.pending === null) return;
    const percent = this.pending;
    this.pending = null;
    this.writing = true;
    this.lastAt = Date.now();
    this.inFlight = execute(this.em, `update patient_exports set progreso = ? where id = ? and estado = 'generando' and progreso < ?`, [
      percent,
      this.exportId,
      percent,
    ]).then(
      () => {
        this.written = percent;
        this.writing = false;
      },
      () => {
        this.writing = false; // a progress figure is not worth failing the export for
      },
    );
  }
}
