import {
  type Answer as ApiAnswer,
  type ApiClient,
  type Channel,
  type ChannelMessage,
  createApiClient,
  ErrorBody,
  messagingRoutes,
  type ResponseOf,
  type RouteContract,
  type SenderCard,
  type SendMessagePayload,
} from '@commonwork/contracts';
import { connectionErrorCode, pooledFetch } from '@commonwork/kit';

/** An answer from messaging: the parsed body, or the status and the server's own message. */
export type Answer<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

/** How long a call on a socket's behalf may take; the web client gives up on send-message after 10 s. */
const TIMEOUT_MS = 8_000;

/**
 * Messaging's HTTP API, called on a user's behalf with that user's own bearer token: messaging
 * decides who may read and write what, and there is no internal trust to abuse (ARCHITECTURE §6).
 */
export interface MessagingClient {
  listChannels(token: string): Promise<Answer<Channel[]>>;
  /** Whether the user may read a channel (public, or a member): the check before joining its room. */
  canReadChannel(token: string, channelId: string): Promise<Answer<true>>;
  postChannelMessage(token: string, channelId: string, body: Omit<SendMessagePayload, 'channelId'>): Promise<Answer<ChannelMessage>>;
  /** The user as their messages name them: who `user-typing` says is typing. */
  senderCard(token: string): Promise<Answer<SenderCard>>;
  /** Who takes part in a conversation, if the user does: where their typing goes. */
  chatParticipants(token: string, chatId: string): Promise<Answer<string[]>>;
}

/** The connection was never made: the call can go to another replica as it is. */
const REFUSED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const refused = (error: unknown) => REFUSED.has(connectionErrorCode(error) ?? '');

const unavailable = { ok: false, status: 503, message: 'Messaging is unavailable' } as const;

/**
 * Calls go to messaging's replicas in turn, each through contracts' typed client on its origin; one
 * that refuses the connection passes the call on to the next.
 */
export function createMessagingClient(baseUrls: readonly string[]): MessagingClient {
  // The origin: a path in a configured URL never prefixed messaging's routes.
  const replicas = baseUrls.map((url) => createApiClient({ baseUrl: new URL(url).origin, fetch: pooledFetch }));
  let turn = 0;

  /** `ask` makes the call on one replica, within the time a socket's call may take. */
  async function send<C extends RouteContract>(
    route: C,
    ask: (api: ApiClient, signal: AbortSignal) => Promise<ApiAnswer<C>>,
  ): Promise<Answer<ResponseOf<C>>> {
    const first = turn++;
    for (let i = 0; i < replicas.length; i++) {
      const api = replicas[(first + i) % replicas.length];
      if (!api) break;
      let answer: ApiAnswer<C>;
      try {
        answer = await ask(api, AbortSignal.timeout(TIMEOUT_MS));
      } catch (error) {
        if (refused(error)) continue;
        return unavailable;
      }
      return read(route, answer);
    }
    return unavailable;
  }

  return {
    listChannels: async (token) => {
      const route = messagingRoutes.listChannels;
      const answer = await send(route, (api, signal) => api.send(route, { token, signal }));
      return answer.ok ? { ok: true, data: answer.data.data } : answer;
    },
    canReadChannel: async (token, channelId) => {
      const route = messagingRoutes.channelAccess;
      const answer = await send(route, (api, signal) => api.send(route, { params: { id: channelId }, token, signal }));
      return answer.ok ? { ok: true, data: answer.data.data.readable } : answer;
    },
    postChannelMessage: async (token, channelId, body) => {
      const route = messagingRoutes.postChannelMessage;
      // No Idempotency-Key: the message's clientId already makes the send once-only (a repeat answers
      // the first message), and a key would add two commits to every message on the socket's path.
      const answer = await send(route, (api, signal) =>
        api.send(route, { params: { id: channelId }, body, token, signal, idempotencyKey: null }),
      );
      return answer.ok ? { ok: true, data: answer.data.data } : answer;
    },
    senderCard: async (token) => {
      const route = messagingRoutes.senderCard;
      const answer = await send(route, (api, signal) => api.send(route, { token, signal }));
      return answer.ok ? { ok: true, data: answer.data.data } : answer;
    },
    chatParticipants: async (token, chatId) => {
      const route = messagingRoutes.chatAccess;
      const answer = await send(route, (api, signal) => api.send(route, { params: { chatId }, token, signal }));
      return answer.ok ? { ok: true, data: answer.data.data.participantIds } : answer;
    },
  };
}

/**
 * A success body read by the route's own schema for the status that came (another version of
 * messaging may answer otherwise: a 502, not a crash); a refusal by the server's message.
 */
function read<C extends RouteContract>(route: C, answer: ApiAnswer<C>): Answer<ResponseOf<C>> {
  if (answer.status < 200 || answer.status >= 300) {
    const error = ErrorBody.safeParse(answer.body);
    return { ok: false, status: answer.status, message: error.success ? error.data.message : `Messaging answered ${answer.status}` };
  }
  const parsed = route.response[answer.status]?.safeParse(answer.body);
  // The schema is the route's own for this status: its output is the route's success body.
  return parsed?.success
    ? { ok: true, data: parsed.data as ResponseOf<C> }
    : { ok: false, status: 502, message: 'Unexpected answer from messaging' };
}
