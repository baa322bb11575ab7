import {
  type Channel,
  ChannelAccessResponse,
  ChannelListResponse,
  type ChannelMessage,
  ChannelMessageResponse,
  ErrorBody,
  type SendMessagePayload,
} from '@commonwork/contracts';
import type { z } from 'zod';

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
}

/** The connection was never made: the call can go to another replica as it is. */
const REFUSED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const refused = (error: unknown) => REFUSED.has((error as { cause?: { code?: string } }).cause?.code ?? '');

/** Calls go to messaging's replicas in turn; one that refuses the connection passes the call on to the next. */
export function createMessagingClient(baseUrls: readonly string[]): MessagingClient {
  let turn = 0;
  async function send(method: string, path: string, init: RequestInit): Promise<Response | null> {
    const first = turn++;
    for (let i = 0; i < baseUrls.length; i++) {
      try {
        return await fetch(new URL(path, baseUrls[(first + i) % baseUrls.length]), {
          ...init,
          method,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        if (!refused(error)) return null;
      }
    }
    return null;
  }

  async function call<T>(token: string, method: string, path: string, schema: z.ZodType<T>, body?: unknown): Promise<Answer<T>> {
    const res = await send(method, path, {
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    if (!res) return { ok: false, status: 503, message: 'Messaging is unavailable' };
    const json: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const error = ErrorBody.safeParse(json);
      return { ok: false, status: res.status, message: error.success ? error.data.message : `Messaging answered ${res.status}` };
    }
    const parsed = schema.safeParse(json);
    return parsed.success ? { ok: true, data: parsed.data } : { ok: false, status: 502, message: 'Unexpected answer from messaging' };
  }

  const id = encodeURIComponent;
  return {
    listChannels: async (token) => {
      const answer = await call(token, 'GET', '/api/chat/channels', ChannelListResponse);
      return answer.ok ? { ok: true, data: answer.data.data } : answer;
    },
    canReadChannel: async (token, channelId) => {
      const answer = await call(token, 'GET', `/api/chat/channels/${id(channelId)}/access`, ChannelAccessResponse);
      return answer.ok ? { ok: true, data: answer.data.data.readable } : answer;
    },
    postChannelMessage: async (token, channelId, body) => {
      const answer = await call(token, 'POST', `/api/chat/channels/${id(channelId)}/messages`, ChannelMessageResponse, body);
      return answer.ok ? { ok: true, data: answer.data.data } : answer;
    },
  };
}
