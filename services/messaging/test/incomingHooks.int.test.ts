import { SOCKET_EVENTS as E, identityRoutes, messagingRoutes, notificationsRoutes } from '@commonwork/contracts';
import { buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type User = Awaited<ReturnType<typeof buildUser>>;

describe('incoming webhooks: a channel’s admins make them, a POST to the secret URL posts as an app', () => {
  let p: TestPlatform;
  let ada: User;
  let bob: User;
  let eve: User;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    p = await startTestPlatform();
    [ada, bob, eve] = [await buildUser(p, 'Ada Admin'), await buildUser(p, 'Bob Member'), await buildUser(p, 'Eve Outsider')];
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await p?.stop();
  });

  /** A private channel of Ada's that Bob joined by its link. */
  const privateChannel = async (name: string) => {
    const id = (await p.api.call(messagingRoutes.createChannel, { token: ada.token, body: { name, type: 'private' } })).data.id;
    const link = (await p.api.call(messagingRoutes.joinLink, { params: { id }, token: ada.token })).data.joinLink;
    await p.api.call(messagingRoutes.joinByLink, { params: { joinLink: link }, token: bob.token });
    return id;
  };
  const create = (token: string | undefined, id: string, name = 'CI') =>
    p.api.send(messagingRoutes.createIncomingWebhook, { params: { id }, token, body: { name } });
  const list = (token: string | undefined, id: string) => p.api.send(messagingRoutes.listIncomingWebhooks, { params: { id }, token });
  const revoke = (token: string | undefined, id: string, hookId: string) =>
    p.api.send(messagingRoutes.revokeIncomingWebhook, { params: { id, hookId }, token });
  /** A POST to the hook's URL as an integration makes it: no token, any body. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  const postTo = async (url: string, body: unknown): Promise<{ status: number; retryAfter: string | null; body: any }> => {
    const res = await fetch(`${p.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
  };
  const messagesOf = async (id: string, token = ada.token) =>
    (await p.api.call(messagingRoutes.channelMessages, { params: { id }, token, query: {} })).data.messages;

  it('lets only the channel’s admin create, list and revoke: anonymous 401, member 403, stranger 404 on a private channel', async () => {
    const id = await privateChannel('deploys');
    expect((await create(undefined, id)).status).toBe(401);
    expect((await list(undefined, id)).status).toBe(401);
    expect(await create(bob.token, id)).toMatchObject({ status: 403, body: { error: 'FORBIDDEN' } });
    expect((await list(bob.token, id)).status).toBe(403);
    expect(await create(eve.token, id)).toMatchObject({ status: 404, body: { error: 'CHANNEL_NOT_FOUND' } });
    expect((await list(eve.token, id)).status).toBe(404);

    const made = await create(ada.token, id, '  Deploy bot ');
    expect(made.status).toBe(201);
    const { hook, url, token } = made.body.data;
    expect(token).toMatch(/^cw_hook_[A-Za-z0-9_-]{40}$/);
    expect(url).toBe(`/api/hooks/${token}`);
    expect(hook).toMatchObject({
      channelId: id,
      name: 'Deploy bot',
      createdBy: { _id: ada.id },
      lastUsedAt: null,
      urlHint: `/api/hooks/cw_hook_…${token.slice(-4)}`,
    });
    const listed = await list(ada.token, id);
    expect(listed.body).toEqual({ success: true, data: [hook] });
    // Never the secret, anywhere but the one answer.
    expect(JSON.stringify(listed.body)).not.toContain(token);

    expect((await revoke(bob.token, id, hook.id)).status).toBe(403);
    expect((await revoke(eve.token, id, hook.id)).status).toBe(404);
    expect((await revoke(ada.token, id, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await create(ada.token, id, '   ')).body).toMatchObject({ error: 'VALIDATION_FAILED', details: [{ field: 'name' }] });
    expect(await revoke(ada.token, id, hook.id)).toMatchObject({ status: 200, body: { data: { id: hook.id } } });
    expect((await list(ada.token, id)).body.data).toEqual([]);
    expect(await postTo(url, { text: 'after revoke' })).toMatchObject({ status: 404, body: { error: 'HOOK_NOT_FOUND' } });
    expect(await postTo('/api/hooks/cw_hook_nothing', { text: 'guess' })).toMatchObject({ status: 404 });
    expect((await messagesOf(id)).filter((m) => m.app)).toEqual([]);
  });

  it('posts the text into the channel as the hook’s name, marked as an app, live on a member’s socket, mentions notified', async () => {
    const id = await privateChannel('builds');
    const { hook, url } = (await create(ada.token, id, 'Build bot')).body.data;
    const socket = io(p.services.realtime.url, {
      forceNew: true,
      reconnection: false,
      transports: ['websocket'],
      auth: { token: bob.token },
    });
    sockets.push(socket);
    const live: { content: string; app: unknown; sender: { name: string } }[] = [];
    socket.on(E.newMessage, (message) => live.push(message));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    expect(await socket.timeout(10_000).emitWithAck(E.joinChannel, { id })).toEqual({ success: true, channelId: id });

    const first = await postTo(url, { text: `  Build 42 passed, @${bob.username}  ` });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, messageId: expect.any(String) });
    const second = await postTo(url, { text: 'Deployed to staging', username: 'Staging' });
    expect(second.status).toBe(200);

    const stored = await messagesOf(id);
    expect(stored.map((m) => [m.content, m.sender.name, m.app])).toEqual([
      [`Build 42 passed, @${bob.username}`, 'Build bot', { id: hook.id, name: 'Build bot' }],
      ['Deployed to staging', 'Staging', { id: hook.id, name: 'Build bot' }],
    ]);
    expect(stored[0]).toMatchObject({ id: first.body.messageId, mentions: [bob.id] });
    await eventually(async () => live.length === 2);
    expect(live.map((m) => [m.content, m.sender.name, m.app])).toEqual(stored.map((m) => [m.content, m.sender.name, m.app]));
    // A person's message stays a person's.
    const mine = await p.api.call(messagingRoutes.postChannelMessage, { params: { id }, token: bob.token, body: { content: 'thanks' } });
    expect(mine.data.app).toBeNull();
    // Bob is told he was mentioned, by the hook's name.
    const note = await eventually(async () => {
      const res = await p.api.call(notificationsRoutes.list, { token: bob.token, query: {} });
      return res.notifications.find((n) => n.title === 'Build bot mentioned you in #builds');
    });
    expect(note).toBeTruthy();
    // The list tells when it was last used.
    expect((await list(ada.token, id)).body.data[0]?.lastUsedAt).toEqual(expect.any(String));
  });

  it('refuses bad input with 400 naming the field, and posts nothing', async () => {
    const id = await privateChannel('strict');
    const { url } = (await create(ada.token, id, 'Strict bot')).body.data;
    const cases: [unknown, string][] = [
      [{}, 'text'],
      [{ text: '   ' }, 'text'],
      [{ text: 'x'.repeat(4_001) }, 'text'],
      [{ text: 42 }, 'text'],
      [{ text: 'ok', username: 'u'.repeat(81) }, 'username'],
      [{ text: 'ok', username: '  ' }, 'username'],
    ];
    for (const [body, field] of cases) {
      const res = await postTo(url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect(await messagesOf(id)).toEqual([]);
    expect((await postTo(url, { text: 'x'.repeat(4_000) })).status).toBe(200);
  });

  it('limits each hook to a burst of 5, then one a second: 429 with Retry-After, nothing posted', async () => {
    const id = await privateChannel('flood');
    const { url } = (await create(ada.token, id, 'Flood bot')).body.data;
    const other = (await create(ada.token, id, 'Quiet bot')).body.data.url;
    const answers: Awaited<ReturnType<typeof postTo>>[] = [];
    for (let i = 0; i < 7; i++) answers.push(await postTo(url, { text: `n${i}` }));
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[5]).toMatchObject({ status: 429, body: { error: 'RATE_LIMITED' } });
    expect(Number(answers[5]?.retryAfter)).toBeGreaterThanOrEqual(1);
    // Another hook has its own budget.
    expect((await postTo(other, { text: 'still here' })).status).toBe(200);
    expect((await messagesOf(id)).map((m) => m.content)).toEqual(['n0', 'n1', 'n2', 'n3', 'n4', 'still here']);
    await new Promise((resolve) => setTimeout(resolve, Number(answers[6]?.retryAfter ?? 1) * 1000 + 100));
    expect((await postTo(url, { text: 'after a wait' })).status).toBe(200);
  });

  it('takes a personal access token with messages:write, and refuses one without it (403 INSUFFICIENT_SCOPE)', async () => {
    const id = await privateChannel('tokens');
    const tokenWith = async (scopes: ('messages:read' | 'messages:write')[]) =>
      (await p.api.call(identityRoutes.createToken, { token: ada.token, body: { name: scopes.join(' '), scopes } })).secret;
    const writer = await tokenWith(['messages:write']);
    const reader = await tokenWith(['messages:read']);
    expect((await create(writer, id, 'Script')).status).toBe(201);
    expect((await list(writer, id)).body.data?.map((h: { name: string }) => h.name)).toEqual(['Script']);
    expect(await create(reader, id)).toMatchObject({ status: 403, body: { error: 'INSUFFICIENT_SCOPE' } });
    expect((await list(reader, id)).status).toBe(403);
  });

  it('posts into a public channel without joining it, and only its admin manages it', async () => {
    const id = (await p.api.call(messagingRoutes.createChannel, { token: ada.token, body: { name: 'open-hooks', type: 'public' } })).data
      .id;
    expect((await create(eve.token, id)).status).toBe(403);
    const { url } = (await create(ada.token, id, 'Open bot')).body.data;
    expect((await postTo(url, { text: 'hello all' })).status).toBe(200);
    const channel = (await p.api.call(messagingRoutes.listChannels, { token: ada.token })).data.find((c) => c.id === id);
    expect(channel).toMatchObject({ memberCount: 1, messageCount: 1 });
  });
});

describe('incoming webhooks: the platform’s admins (ADMIN_EMAILS) manage any channel’s they may read', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform({ ADMIN_EMAILS: 'Root@Example.com' });
  });
  afterAll(async () => {
    await p?.stop();
  });

  it('lets a platform admin create and revoke a hook of a public channel someone else made', async () => {
    const ada = await buildUser(p, 'Ada Admin');
    const dev = await p.api.call(identityRoutes.devToken, { body: { email: 'root@example.com', name: 'Root' } });
    const root = (await p.api.call(identityRoutes.googleSignIn, { body: { token: dev.token } })).token;
    const id = (await p.api.call(messagingRoutes.createChannel, { token: ada.token, body: { name: 'lobby', type: 'public' } })).data.id;
    const made = await p.api.send(messagingRoutes.createIncomingWebhook, { params: { id }, token: root, body: { name: 'Ops' } });
    expect(made.status).toBe(201);
    if (made.status !== 201) return;
    // Not a member of the public channel, and its hook posts all the same.
    const posted = await fetch(`${p.url}${made.body.data.url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Maintenance at noon' }),
    });
    expect(posted.status).toBe(200);
    const revoked = await p.api.send(messagingRoutes.revokeIncomingWebhook, {
      params: { id, hookId: made.body.data.hook.id },
      token: root,
    });
    expect(revoked.status).toBe(200);
  });
});
