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
