import type { Logger } from './logger.ts';

/** Something a process must stop cleanly, in reverse order of starting. */
export type Stoppable = { name: string; stop: () => Promise<void> };

/**
 * Graceful shutdown on SIGTERM/SIGINT: stop taking work, let in-flight requests and handlers finish,
 * then close connections. A second signal, or a stop that hangs past the grace period, exits at once.
 * An unhandled rejection is logged and the process carries on.
 */
export function shutdownOnSignals(log: Logger, stoppables: Stoppable[], graceMs = 15_000) {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      log.error('shutdown timed out');
      process.exit(1);
    }, graceMs).unref();
    for (const s of [...stoppables].reverse()) {
      try {
        await s.stop();
      } catch (error) {
        log.error({ err: error, part: s.name }, 'error while stopping');
      }
    }
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  // A promise a library forgot to handle (a publish while Redis is down) is logged, not fatal:
  // one failed call must not take every connection of the process down with it.
  process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled rejection'));
}
