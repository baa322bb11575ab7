// A TLS edge speaking HTTP/2 in front of the gateway, as the Kubernetes ingress is in production
// (deploy/k8s/ingress.yaml): browsers fetch a page's many files over one multiplexed connection
// there, not over HTTP/1.1's six. For benchmarks only: its certificate is self-signed.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import http2, { type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/** Headers that belong to one connection, or that HTTP/2 forbids. */
const CONNECTION_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
  'host',
]);

const forwardable = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith(':') && !CONNECTION_HEADERS.has(name)));

/** A certificate for 127.0.0.1 that lives a day, made by openssl in `dir`. */
function selfSigned(dir: string) {
  const key = join(dir, 'edge-key.pem');
  const cert = join(dir, 'edge-cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

export interface TlsEdge {
  url: string;
  close(): Promise<void>;
}

/** Starts the edge on a free port of 127.0.0.1, forwarding every request to `target` (http://host:port). */
export async function startTlsEdge(target: string, dir: string): Promise<TlsEdge> {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  const forward = (req: Http2ServerRequest, res: Http2ServerResponse) => {
    const headers = { ...forwardable(req.headers), host: upstream.host, 'x-forwarded-proto': 'https' };
    const call = http.request(
      { agent, hostname: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
        answer.pipe(res);
      },
    );
    call.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(call);
  };
  const server = http2.createSecureServer({ ...selfSigned(dir), allowHTTP1: true }, forward);
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((closed) => {
        agent.destroy();
        server.close(() => closed());
        for (const session of sessions) session.destroy();
      }),
  };
}
