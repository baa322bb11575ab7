import type { Logger } from './logger.ts';

/** Something a process must stop cleanly, in reverse order of starting. */
export type Stoppable = { name: string; stop: () => Promise<void> };

/**
 * How long a process whose supervisor is gone may drain before it exits regardless: nobody restarts
 * it or stops it any more, and the next start needs its port (the launchers promise every part is
 * gone 5 s after its supervisor, docs/decisions/deploy/parts-exit-with-their-supervisor.md).
 */
export const ORPHAN_GRACE_MS = 4_000;

/**
 * Graceful shutdown on SIGTERM/SIGINT: stop taking work, let in-flight requests and handlers finish,
 * then close connections. A second signal, or a stop that hangs past the grace period, exits at once.
 * A process started with an IPC channel (by the cluster supervisor, or `npm start`) also stops when
 * that channel closes, however its parent went: a SIGKILL sends no signal on, but the kernel closes
 * the channel. An unhandled rejection is logged and the process carries on.
 */
export function shutdownOnSignals(log: Logger, stoppables: Stoppable[], graceMs = 15_000) {
  let stopping = false;
  const deadline = (ms: number) =>
    setTimeout(() => {
      log.error('shutdown timed out');
      process.exit(1);
    }, ms).unref();
  const stop = async (reason: string, ms = graceMs) => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info({ signal: reason }, 'shutting down');
    const timer = deadline(ms);
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
  const orphaned = () => {
    // Already draining on its supervisor's signal (which was then killed): finish, but within the orphan's time.
    if (stopping) deadline(ORPHAN_GRACE_MS);
    else void stop('supervisor gone', ORPHAN_GRACE_MS);
  };
  // `process.send` stays defined once the channel is gone: a supervisor that died while this process
  // was starting is noticed here.
  if (process.send && !process.connected) orphaned();
  else if (process.channel) {
    process.once('disconnect', orphaned);
    // The channel is only watched, never read: it must not be what keeps the process running.
    process.channel.unref();
  }
  // A promise a library forgot to handle (a publish while Redis is down) is logged, not fatal:
  // one failed call must not take every connection of the process down with it.
  process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled rejection'));
}
