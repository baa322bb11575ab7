import { lstat, unlink } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { FastifyServerFactory } from 'fastify';

/** The longest socket path every platform takes (macOS: 104 bytes with the NUL); Linux truncates longer ones silently. */
const MAX_SOCKET_PATH_BYTES = 103;

/**
 * A second HTTP server on a Unix socket, running the same request handler as the app's TCP server.
 * Pass `serverFactory` to Fastify (it hands over its handler there), then `listen` once routes are
 * registered and `close` with the app. In embedded mode the gateway reaches the services this way,
 * skipping the TCP stack on a hop that never leaves the machine.
 */
export function socketServer(path: string) {
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH_BYTES) {
    throw new Error(`Unix socket path is ${Buffer.byteLength(path)} bytes, more than ${MAX_SOCKET_PATH_BYTES}: ${path}`);
  }
  const socket = createServer();
  const serverFactory: FastifyServerFactory = (handler, options) => {
    const server = createServer(handler);
    socket.on('request', handler);
    for (const each of [server, socket]) configure(each, options);
    return server;
  };
  return {
    serverFactory,
    listen: async () => {
      // A crashed run leaves its socket file behind, and listening on an existing path fails.
      if ((await lstat(path).catch(() => null))?.isSocket()) await unlink(path);
      await new Promise<void>((resolve, reject) => {
        socket.once('error', reject);
        socket.listen(path, () => {
          socket.off('error', reject);
          resolve();
        });
      });
    },
    // Closing the server removes the socket file.
    close: () => new Promise<void>((resolve) => (socket.listening ? socket.close(() => resolve()) : resolve())),
  };
}

/** The settings Fastify puts on a server it builds itself (lib/server.js), so the factory changes nothing. */
function configure(server: Server, options: Record<string, unknown>) {
  if (typeof options.keepAliveTimeout === 'number') server.keepAliveTimeout = options.keepAliveTimeout;
  if (typeof options.requestTimeout === 'number') server.requestTimeout = options.requestTimeout;
  if (typeof options.connectionTimeout === 'number') server.setTimeout(options.connectionTimeout);
  if (typeof options.maxRequestsPerSocket === 'number' && options.maxRequestsPerSocket > 0) {
    server.maxRequestsPerSocket = options.maxRequestsPerSocket;
  }
}
