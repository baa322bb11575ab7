import { randomUUID } from 'node:crypto';
import { type ApiClient, createApiClient, identityRoutes, marketplaceRoutes, messagingRoutes, SOCKET_EVENTS } from '@commonwork/contracts';
import { io, type Socket } from 'socket.io-client';

export interface Person {
  id: string;
  token: string;
}

/** The gateway through contracts' client; a call not answered in 15 s fails. */
export const caller = (url: string): ApiClient =>
  createApiClient({
    baseUrl: url,
    fetch: (input, init) => fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(15_000) }),
  });

/** A call that got no answer at all (refused, reset, timed out) counts as status 0. */
const unanswered = (error: unknown) => ({ status: 0, body: { error: (error as Error).message } }) as const;

/** A person signed in through the dev issuer, with a completed profile. */
export async function signIn(api: ApiClient, name: string): Promise<Person> {
  const email = `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  const dev = await api.send(identityRoutes.devToken, { body: { email, name } });
  const session = await api.send(identityRoutes.googleSignIn, { body: { token: dev.body.token } });
  const username = `${name.toLowerCase()}_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const setup = await api.send(identityRoutes.setupUser, {
    token: session.body.token,
    body: { email, name, username, bio: 'Under load.' },
  });
  if (setup.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(setup.body)}`);
  return { id: session.at(200).user.id, token: setup.at(200).token };
}

/** What the load did: every answer counted, every acknowledged write remembered. */
export class Ledger {
  ok = 0;
  failures: string[] = [];
  readonly gigTitles = new Set<string>();
  readonly messageIds = new Set<string>();

  record(what: string, status: number, body: unknown) {
    if (status >= 200 && status < 300) this.ok += 1;
    else this.failures.push(`${what} ${status} ${JSON.stringify(body).slice(0, 160)}`);
  }

  /** A window over the counts, for one phase. */
  mark() {
    const [ok, failed] = [this.ok, this.failures.length];
    return () => ({ ok: this.ok - ok, failed: this.failures.slice(failed) });
  }
}

/**
 * Steady load through the gateway: a gig posted, a channel message posted, and two reads, in each
 * of `loops` loops, one call after another with a short pause. Stops when `stop` is called.
 */
export function startLoad(api: ApiClient, ada: Person, channelId: string, ledger: Ledger, loops = 3) {
  let running = true;
  let n = 0;
  const steps = [
    async () => {
      const title = `Fault-tolerant gig ${++n} ${randomUUID().slice(0, 8)}`;
      const res = await api
        .send(marketplaceRoutes.createGig, {
          token: ada.token,
          body: {
            title,
            description: 'A gig posted while services are killed and restarted, to count what is lost.',
            category: 'web',
            subCategory: 'frontend',
            price: 100,
            deliveryTime: '7',
            tags: [],
            status: 'active',
          },
        })
        .catch(unanswered);
      ledger.record('POST gig', res.status, res.body);
      if (res.status === 201) ledger.gigTitles.add(title);
    },
    async () => {
      const res = await api
        .send(messagingRoutes.postChannelMessage, {
          params: { id: channelId },
          token: ada.token,
          body: { content: `message ${++n}`, type: 'text', clientId: randomUUID() },
        })
        .catch(unanswered);
      ledger.record('POST message', res.status, res.body);
      if (res.status === 201 && 'at' in res) ledger.messageIds.add(res.at(201).data.id);
    },
    async () => {
      const res = await api.send(marketplaceRoutes.listGigs, { query: { limit: 10 }, token: ada.token }).catch(unanswered);
      ledger.record('GET gigs', res.status, res.body);
    },
    async () => {
      const res = await api
        .send(messagingRoutes.channelMessages, { params: { id: channelId }, query: { limit: 20 }, token: ada.token })
        .catch(unanswered);
      ledger.record('GET messages', res.status, res.body);
    },
  ];
  const loop = async (offset: number) => {
    for (let i = offset; running; i++) {
      await (steps[i % steps.length] as () => Promise<void>)();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const done = Promise.all(Array.from({ length: loops }, (_, i) => loop(i)));
  return async () => {
    running = false;
    await done;
  };
}

/**
 * A member's socket through the gateway, as the web client keeps it: it reconnects, joins its
 * channels again on every connection, and records every message it is sent, in order.
 */
export function listen(url: string, person: Person) {
  const received: { id: string; sequence: number }[] = [];
  const socket: Socket = io(url, {
    auth: { token: person.token },
    transports: ['websocket'],
    reconnectionDelay: 200,
    reconnectionDelayMax: 1_000,
  });
  socket.on('connect', () => socket.emit(SOCKET_EVENTS.joinChannels, () => {}));
  socket.on(SOCKET_EVENTS.newMessage, (message: { id: string; sequence: number }) =>
    received.push({ id: message.id, sequence: message.sequence }),
  );
  return { received, connected: () => socket.connected, close: () => socket.close() };
}
