import { performance } from 'node:perf_hooks';

/** A bench's progress line on stderr, prefixed with the bench's name. */
export const stepper = (name: string) => (message: string) => console.error(`[${name}] ${message}`);

/** Stops the whole run after `ms`, whatever it is doing, saying so; clear it once the run is done. */
export function watchdog(name: string, ms: number): NodeJS.Timeout {
  const timer = setTimeout(() => {
    console.error(`[${name}] still running after ${ms / 1000} s: stopping`);
    process.exit(1);
  }, ms);
  timer.unref();
  return timer;
}

/** The machine's clock in ms, comparable across processes (the clients' child process uses the same). */
export const now = () => performance.timeOrigin + performance.now();

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The database URL a bench that runs on PostgreSQL needs; without one, says how to give it and exits. */
export function requirePostgres(name: string): string {
  const url = process.env.DATABASE_URL;
  if (url) return url;
  console.error(`npm run ${name} runs on PostgreSQL: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run ${name}`);
  process.exit(2);
}
