import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** When it arrived (Date.now()). */
  at: number;
}

/** How the receiver answers a request; default 200 `ok`. */
export type Answer = (received: Received, res: ServerResponse) => void;

/** A real HTTP receiver on 127.0.0.1 recording every request; `answer` decides each response. */
export async function startReceiver(answer?: Answer) {
  const received: Received[] = [];
  const state = { answer: answer ?? ((_r: Received, res: ServerResponse) => res.end('ok')) };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const one = { path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      received.push(one);
      state.answer(one, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    received,
    /** Changes how the next requests are answered. */
    answerWith: (next: Answer) => {
      state.answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
