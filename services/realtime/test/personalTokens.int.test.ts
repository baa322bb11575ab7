import { SOCKET_EVENTS as E, identityRoutes, insufficientScopeMessage, messagingRoutes, type Scope } from '@commonwork/contracts';
import { buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, refusal } from './support.ts';

type Person = Awaited<ReturnType<typeof buildUser>>;

describe('a socket opened with a personal access token', () => {
  let p: TestPlatform;
  let ada: Person;
  let channelId: string;

  const createToken = async (scopes: Scope[], name = 'Socket') => {
    const res = await p.api.send(identityRoutes.createToken, { token: ada.token, body: { name, scopes } });
    expect(res.status).toBe(201);
    return res.body as { token: { id: string }; secret: string };
  };

  beforeAll(async () => {
    p = await startTestPlatform();
    ada = await buildUser(p, 'Ada Socket');
    const created = await p.api.send(messagingRoutes.createChannel, { token: ada.token, body: { name: 'scripts', type: 'public' } });
    channelId = created.body.data?.id as string;
  });
  afterAll(() => p?.stop());

  it('needs messages:read to connect', async () => {
    const { secret } = await createToken(['gigs:read']);
    const refused = await refusal(p.services.realtime.url, secret);
    expect(refused?.data).toEqual({ code: 'UNAUTHORIZED', reason: insufficientScopeMessage('messages:read') });
  });

  it('receives with messages:read, and needs messages:write to send or type (answered on the ack)', async () => {
    const { secret } = await createToken(['messages:read']);
    const reader = await connect(p.services.realtime.url, secret);
    try {
      expect(await reader.call(E.joinChannel, { id: channelId })).toEqual({ success: true, channelId });
      const send = await reader.call(E.sendMessage, { channelId, content: 'not allowed', type: 'text' });
      expect(send).toEqual({ success: false, error: insufficientScopeMessage('messages:write') });
      const typing = await reader.call(E.typing, { channelId });
      expect(typing).toMatchObject({ success: false, error: insufficientScopeMessage('messages:write') });
      // What a session posts reaches the token's socket.
      await p.api.call(messagingRoutes.postChannelMessage, {
        token: ada.token,
        params: { id: channelId },
        body: { content: 'hello script' },
      });
      expect(await reader.next(E.newMessage, (m) => m.content === 'hello script')).toMatchObject({ content: 'hello script' });
    } finally {
      reader.close();
    }
  });

  it('sends with messages:write through the gateway, marks the token used, and is closed within two seconds of its revocation', async () => {
    const made = await createToken(['messages:read', 'messages:write'], 'Bot');
    const bot = await connect(p.url, made.secret);
    const session = await connect(p.url, ada.token);
    try {
      expect(await bot.call(E.joinChannel, { id: channelId })).toEqual({ success: true, channelId });
      const sent = await bot.call(E.sendMessage, { channelId, content: 'from a bot', type: 'text' });
      expect(sent).toMatchObject({ success: true, message: { content: 'from a bot' } });
      const listed = await p.api.call(identityRoutes.listTokens, { token: ada.token });
      expect(listed.tokens.find((t) => t.id === made.token.id)?.lastUsedAt).not.toBeNull();

      const revoked = await p.api.send(identityRoutes.revokeToken, { token: ada.token, params: { id: made.token.id } });
      expect(revoked.status).toBe(200);
      const at = Date.now();
      await eventually(async () => !bot.socket.connected, 5_000);
      expect(Date.now() - at).toBeLessThan(2_500);
      expect(bot.received(E.error)).toContainEqual({ message: 'Invalid token' });
      // Ada's own session is untouched.
      expect(session.socket.connected).toBe(true);
      // And the revoked secret opens no new socket.
      expect((await refusal(p.services.realtime.url, made.secret))?.data?.reason).toBe('Invalid token');
    } finally {
      bot.close();
      session.close();
    }
  });
});
