// Messaging in a worker thread of its own for bench:realtime, as it is a process of its own in
// cluster mode. In the main thread, a send's acknowledgement (replica → messaging over HTTP) queued
// behind the gateway's, identity's and every other service's work in one event loop, so issue 29's
// figure (the acknowledged path with reactions beside it) measured that loop, not the message path.
import { workerData } from 'node:worker_threads';
import { createLogger, NatsBus, openDatabase, parseConfig, remoteTokenVerifier, startService } from '@commonwork/kit';
import { MessagingConfig, messagingService } from '@commonwork/messaging';
import { loopMeter, serveThread, startBenchThread, threadKind } from './thread.ts';

export interface MessagingThreadSettings {
  /** Where it listens: the address the platform's own messaging had, which the gateway sends to. */
  port: number;
  databaseUrl: string;
  natsUrl: string;
  natsNamespace: string;
  identityUrl: string;
  /** The platform's environment, which messaging's configuration is parsed from. */
  env: Record<string, string>;
}

interface ThreadData extends MessagingThreadSettings {
  kind: 'messaging';
}

export interface MessagingThread {
  url: string;
  eluBegin(): Promise<void>;
  /** The thread's event-loop utilisation since `eluBegin` (1 = never idle). */
  eluEnd(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts messaging in a thread at `settings.port`. The caller stops the platform's own messaging
 * first: the gateway keeps its address and now reaches this one.
 */
export async function startMessagingThread(settings: MessagingThreadSettings): Promise<MessagingThread> {
  const data: ThreadData = { ...settings, kind: 'messaging' };
  const thread = startBenchThread(import.meta.url, data);
  let url: string;
  try {
    url = await thread.call<string>('start', undefined, 60_000);
  } catch (error) {
    await thread.terminate();
    throw error;
  }
  return {
    url,
    eluBegin: () => thread.call('eluBegin', undefined, 10_000),
    eluEnd: () => thread.call('eluEnd', undefined, 10_000),
    stop: async () => {
      await thread.call('stop', undefined, 30_000).catch(() => undefined);
      await thread.terminate();
    },
  };
}

if (threadKind() === 'messaging') {
  const settings = workerData as ThreadData;
  const log = createLogger('bench', 'silent');
  let stopService: (() => Promise<void>) | undefined;
  let close: (() => Promise<void>) | undefined;
  serveThread({
    start: async () => {
      const database = await openDatabase({ url: settings.databaseUrl });
      const bus = await NatsBus.connect({ url: settings.natsUrl, log, namespace: settings.natsNamespace });
      close = async () => {
        await bus.close();
        await database.close();
      };
      const config = parseConfig(MessagingConfig, { ...settings.env, IDENTITY_URL: settings.identityUrl });
      const service = await startService(messagingService(config), {
        database,
        bus,
        log,
        verifier: remoteTokenVerifier([settings.identityUrl]),
        host: '127.0.0.1',
        port: settings.port,
        identity: [settings.identityUrl],
      });
      stopService = service.stop;
      return service.url;
    },
    ...loopMeter(),
    stop: async () => {
      await stopService?.();
      await close?.();
    },
  });
}
