import { Logger } from '@nestjs/common';

const SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];

/**
 * A stop (SIGTERM, SIGINT) ends the process within `ms`, whatever the graceful shutdown meets (a database that went
 * away, a Redis that does not answer, a closed log pipe): Nest's shutdown hooks run and end the process themselves
 * when they finish; if they have not within `ms`, one log line says so and the process exits with 1.
 *
 * Call it before the app is created, so this listener runs before Nest's: a signal that comes before Nest listens
 * (the app still starting) ends the process at once, as it would without any listener.
 */
export function stopWithin(ms: number, name: string): void {
  const onSignal = (signal: NodeJS.Signals) => {
    for (const s of SIGNALS) process.off(s, onSignal);
    // Nobody stops gracefully yet: the signal's default action, now that no listener holds it back.
    if (process.listenerCount(signal) === 0) {
      process.kill(process.pid, signal);
      return;
    }
    const timer = setTimeout(() => {
      try {
        new Logger(name).error(`Stopping (${signal}) took longer than ${ms / 1000} s: exiting without waiting any longer`);
      } finally {
        process.exit(1);
      }
    }, ms);
    timer.unref();
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
}
