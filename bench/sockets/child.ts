import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ClientCommand, ClientReport } from './clients.ts';

/** The clients' child process (clients.ts) and a way to ask it something and wait for its report. */
export function startClients() {
  const child = fork(fileURLToPath(new URL('./clients.ts', import.meta.url)), { execArgv: ['--import', 'tsx'] });
  const ask = <K extends ClientReport['kind']>(command: ClientCommand, kind: K) =>
    new Promise<Extract<ClientReport, { kind: K }>>((resolve) => {
      const onReport = (report: ClientReport) => {
        if (report.kind !== kind) return;
        child.off('message', onReport);
        resolve(report as Extract<ClientReport, { kind: K }>);
      };
      child.on('message', onReport);
      child.send(command);
    });
  return { pid: child.pid, ask, close: () => void child.send({ kind: 'close' } satisfies ClientCommand) };
}
