import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';

export interface ProcessSpec {
  /** Output prefix and name in messages; unique. */
  name: string;
  /** The program's arguments after `node`, e.g. `['--import', 'tsx', 'services/identity/src/main.ts']`. */
  args: string[];
  /** The whole environment of the process. */
  env: NodeJS.ProcessEnv;
  /** Polled until it answers 2xx: the process is ready. */
  readyUrl: string;
  /** A program that runs `node` as given, replacing itself (`['ip', 'netns', 'exec', 'ns1']`): the part runs in what it sets up. */
  wrapper?: string[];
}

export interface SupervisorOptions {
  cwd: string;
  /** Where each line of a process's output goes, and the supervisor's own messages. */
  output: (name: string, line: string, stream: 'stdout' | 'stderr') => void;
  say: (message: string) => void;
  readyTimeoutMs?: number;
  stopTimeoutMs?: number;
  /** The first restart's delay; doubled at each exit that follows a short run, up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

/** Whether something accepts connections on 127.0.0.1:`port` (and would answer a part's readiness polls for it). */
export const portHeld = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const answer = (held: boolean) => {
      socket.destroy();
      resolve(held);
    };
    socket.setTimeout(1_000);
    socket.once('connect', () => answer(true));
    socket.once('timeout', () => answer(false));
    socket.once('error', () => answer(false));
  });

/** A process that ran this long before it exited is restarted after the first delay again. */
const STABLE_AFTER_MS = 30_000;
/** The exit code of a configuration error (the kit's `loadConfig`): restarting cannot help. */
const CONFIG_ERROR = 78;

interface Supervised {
  spec: ProcessSpec;
  child: ChildProcess | null;
  exited: Promise<number>;
  /** Consecutive short runs: the next restart waits `backoffMs * 2^failures`. */
  failures: number;
  startedAt: number;
  pid: number | undefined;
}

/**
 * Runs processes and keeps them running: one that exits is started again after a back-off, and
 * the rest carry on. Only `stop` (or a configuration error) stops everything.
 */
export class Supervisor {
  private readonly parts: Supervised[] = [];
  /** The parts of each `startAll`, in start order: stopped group by group, the last first. */
  private readonly groups: Supervised[][] = [];
  private stopping = false;
  /** Resolves when the supervisor gave up on everything (a part that cannot start); `stop` resolves it too. */
  readonly finished: Promise<number>;
  private finish!: (code: number) => void;

  constructor(private readonly options: SupervisorOptions) {
    this.finished = new Promise((resolve) => {
      this.finish = resolve;
    });
  }

  /** Starts every spec at once and resolves when all are ready (restarted as needed); false when one never was. */
  async startAll(specs: ProcessSpec[]): Promise<boolean> {
    const parts = specs.map((spec) =>
      this.launch({ spec, child: null, exited: Promise.resolve(0), failures: 0, startedAt: 0, pid: undefined }),
    );
    this.groups.push(parts);
    const ready = await Promise.all(parts.map((part) => this.waitReady(part)));
    return ready.every(Boolean);
  }

  /** The process id each part runs as now (changes at each restart). */
  pids(): Record<string, number | undefined> {
    return Object.fromEntries(this.parts.map((part) => [part.spec.name, part.pid]));
  }

  /**
   * Stops every process, group by group, the last started first, each part of a group at once and
   * gracefully (the signal, then SIGKILL after a grace period).
   */
  async stop(signal: NodeJS.Signals = 'SIGTERM', code = 0) {
    if (this.stopping) return;
    this.stopping = true;
    for (const group of [...this.groups].reverse()) await Promise.all(group.map((part) => this.stopPart(part, signal)));
    this.finish(code);
  }

  private async stopPart(part: Supervised, signal: NodeJS.Signals) {
    if (!part.child || part.child.exitCode !== null || part.child.signalCode !== null) return;
    part.child.kill(signal);
    const timer = setTimeout(() => {
      this.options.say(`${part.spec.name} did not stop in time; killing it`);
      part.child?.kill('SIGKILL');
    }, this.options.stopTimeoutMs ?? 20_000);
    await part.exited;
    clearTimeout(timer);
  }

  /** Kills every process at once (a second Ctrl-C, or the supervisor's own exit). */
  killAll() {
    this.stopping = true;
    for (const part of this.parts) part.child?.kill('SIGKILL');
  }

  private launch(part: Supervised): Supervised {
    if (!this.parts.includes(part)) this.parts.push(part);
    // Own process group: a Ctrl-C in the terminal reaches only the supervisor, which forwards it once.
    // The IPC channel is never written to: the part watches it (the kit's shutdownOnSignals) and
    // stops when it closes, which the kernel does however the supervisor ends, SIGKILL included.
    const [program = process.execPath, ...prefix] = [...(part.spec.wrapper ?? []), process.execPath];
    const child = spawn(program, [...prefix, ...part.spec.args], {
      cwd: this.options.cwd,
      env: part.spec.env,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      detached: true,
    });
    part.child = child;
    part.pid = child.pid;
    part.startedAt = Date.now();
    for (const [stream, name] of [
      [child.stdout, 'stdout'],
      [child.stderr, 'stderr'],
    ] as const) {
      if (stream) createInterface({ input: stream }).on('line', (line) => this.options.output(part.spec.name, line, name));
    }
    part.exited = new Promise((resolve) => {
      child.once('error', (error) => {
        this.options.say(`${part.spec.name} could not start: ${error.message}`);
        resolve(1);
      });
      child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    });
    void part.exited.then((code) => this.exited(part, child, code));
    return part;
  }

  private async exited(part: Supervised, child: ChildProcess, code: number) {
    if (this.stopping || part.child !== child) return;
    if (code === CONFIG_ERROR) {
      this.options.say(`${part.spec.name} exited with a configuration error; stopping the others`);
      return this.stop('SIGTERM', code);
    }
    const ranLong = Date.now() - part.startedAt >= STABLE_AFTER_MS;
    part.failures = ranLong ? 0 : part.failures + 1;
    const delay = Math.min((this.options.backoffMs ?? 500) * 2 ** Math.max(0, part.failures - 1), this.options.maxBackoffMs ?? 30_000);
    // Its own port was closed with it: whatever answers there now is another process, which no restart removes.
    const port = Number(new URL(part.spec.readyUrl).port);
    const why = (await portHeld(port)) ? `: port ${port} is held by another process` : '';
    this.options.say(`${part.spec.name} exited (code ${code})${why}; restarting it in ${(delay / 1000).toFixed(1)} s`);
    await sleep(delay);
    if (this.stopping) return;
    this.launch(part);
    if (await this.waitReady(part)) this.options.say(`${part.spec.name} is ready again`);
  }

  /** Whether the part answers ready before the timeout, through any restarts on the way. */
  private async waitReady(part: Supervised): Promise<boolean> {
    const deadline = Date.now() + (this.options.readyTimeoutMs ?? 60_000);
    while (!this.stopping) {
      const ok = await fetch(part.spec.readyUrl, { signal: AbortSignal.timeout(2_000) })
        .then((res) => res.ok)
        .catch(() => false);
      if (ok) return true;
      if (Date.now() > deadline) {
        this.options.say(`${part.spec.name} was not ready at ${part.spec.readyUrl} in time`);
        return false;
      }
      await sleep(250);
    }
    return false;
  }
}
