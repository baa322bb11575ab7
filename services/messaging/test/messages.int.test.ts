import {
  type CallInput,
  type ChannelMessage,
  createApiClient,
  MESSAGING_LIMITS,
  marketplaceRoutes,
  messagingRoutes,
} from '@commonwork/contracts';
import { remoteTokenVerifier, startService } from '@commonwork/kit';
import { buildGig, buildUser, eventually, startTestPlatform, type TestPlatform, testLogger } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessagingConfig, messagingService } from '../src/index.ts';

type User = Awaited<ReturnType<typeof buildUser>>;
type Target = { id: string; messageId: string };

describe('editing, deleting and reacting to messages through the gateway', () => {
  let p: TestPlatform;
  let ada: User;
  let bob: User;
  let eve: User;

  beforeAll(async () => {
    p = await startTestPlatform();
    [ada, bob, eve] = [await buildUser(p, 'Ada Admin'), await buildUser(p, 'Bob Member'), await buildUser(p, 'Eve Outsider')];
  });
  afterAll(() => p.stop());

  const channel = async (type: 'public' | 'private', members: User[] = []) => {
    const id = (await p.api.call(messagingRoutes.createChannel, { token: ada.token, body: { name: `room-${type}`, type } })).data.id;
    const link = (await p.api.call(messagingRoutes.joinLink, { params: { id }, token: ada.token })).data.joinLink;
    for (const member of members) await p.api.call(messagingRoutes.joinByLink, { params: { joinLink: link }, token: member.token });
    return id;
  };
  const post = async (who: User, id: string, content: string): Promise<Target> => {
    const res = await p.api.send(messagingRoutes.postChannelMessage, { params: { id }, token: who.token, body: { content } });
    expect(res.status).toBe(201);
    return { id, messageId: res.body.data.id };
  };
  const edit = (token: string | undefined, target: Target, content: string) =>
    p.api.send(messagingRoutes.editChannelMessage, { params: target, token, body: { content } });
  const remove = (token: string | undefined, target: Target) => p.api.send(messagingRoutes.deleteChannelMessage, { params: target, token });
  const react = (token: string | undefined, target: Target, emoji: string) =>
    p.api.send(messagingRoutes.addChannelReaction, { params: { ...target, emoji }, token });
  const unreact = (token: string | undefined, target: Target, emoji: string) =>
    p.api.send(messagingRoutes.removeChannelReaction, { params: { ...target, emoji }, token });
  const list = async (token: string, id: string, query: NonNullable<CallInput<typeof messagingRoutes.channelMessages>['query']> = {}) =>
    (await p.api.call(messagingRoutes.channelMessages, { params: { id }, query, token })).data;
  const stored = async (token: string, { id, messageId }: Target) => (await list(token, id)).messages.find((m) => m.id === messageId);

  it('lets only the author edit, within the text rules, and refuses everyone else as for any message they may not change', async () => {
    const id = await channel('private', [bob]);
    const target = await post(ada, id, 'helo wrold');
    const before = await stored(ada.token, target);

    expect((await edit(undefined, target, 'x')).status).toBe(401);
    for (const call of [
      edit(eve.token, target, 'x'),
      remove(eve.token, target),
      react(eve.token, target, '👍'),
      unreact(eve.token, target, '👍'),
    ])
      expect(await call).toMatchObject({ status: 404, body: { message: 'Channel not found' } });
    expect(await edit(bob.token, target, 'mine now')).toMatchObject({
      status: 403,
      body: { message: 'You can only edit your own messages' },
    });
    expect(await edit(ada.token, { id, messageId: crypto.randomUUID() }, 'x')).toMatchObject({
      status: 404,
      body: { message: 'Message not found' },
    });
    expect(await edit(ada.token, target, '   ')).toMatchObject({
      status: 400,
      body: { details: [{ field: 'content', message: 'Message cannot be empty' }] },
    });
    expect(await edit(ada.token, target, 'x'.repeat(MESSAGING_LIMITS.message + 1))).toMatchObject({
      status: 400,
      body: { details: [{ field: 'content' }] },
    });
    expect(await edit(ada.token, target, 'bad \u0007 bell')).toMatchObject({ status: 400, body: { details: [{ field: 'content' }] } });
    expect(await stored(bob.token, target)).toEqual(before);

    const res = await edit(ada.token, target, '  hello world ');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: target.messageId, content: 'hello world', isEdited: true, deleted: false, revision: 1 });
    expect(res.body.data.updatedAt > res.body.data.createdAt).toBe(true);
    expect(await stored(bob.token, target)).toEqual(res.body.data);
    // The same text again changes nothing.
    expect((await edit(ada.token, target, 'hello world')).body.data).toEqual(res.body.data);
    expect((await list(bob.token, id)).revision).toBe(1);

    // An edit that names a member mentions them, as a post does: their mention count shows it.
    await eventually(async () =>
      (await p.api.call(messagingRoutes.listChannels, { token: bob.token })).data
        .find((c) => c.id === id)
        ?.members.some((m) => m.username === bob.username),
    );
    const mentioning = await edit(ada.token, target, `hello @${bob.username}`);
    expect(mentioning.body.data).toMatchObject({ mentions: [bob.id], revision: 2 });
    const bobs = (await p.api.call(messagingRoutes.listChannels, { token: bob.token })).data.find((c) => c.id === id);
    expect(bobs?.mentionCount).toBe(1);
  });

  it('deletes the author’s message, or anyone’s for the channel admin, as a tombstone that keeps unread counts exact', async () => {
    const id = await channel('private', [bob, eve]);
    const mine = await post(bob, id, 'oops');
    const others = await post(eve, id, 'spam');
    const adas = await post(ada, id, 'keep me');
    await react(bob.token, others, '👍');
    const unreadOf = async (who: User) =>
      (await p.api.call(messagingRoutes.listChannels, { token: who.token })).data.find((c) => c.id === id);
    const before = await unreadOf(bob);

    expect(await remove(bob.token, adas)).toMatchObject({ status: 403, body: { message: 'You can only delete your own messages' } });
    const own = await remove(bob.token, mine);
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ content: '', deleted: true, attachments: [], mentions: [], reactions: [], sequence: 1 });
    const moderated = await remove(ada.token, others);
    expect(moderated.body.data).toMatchObject({ content: '', deleted: true, reactions: [], sequence: 2 });
    // Deleting again changes nothing; a deleted message cannot be edited or reacted to.
    expect((await remove(ada.token, others)).body.data).toEqual(moderated.body.data);
    for (const call of [edit(bob.token, mine, 'back'), react(ada.token, mine, '👍'), unreact(bob.token, others, '👍')])
      expect(await call).toMatchObject({ status: 409, body: { message: 'A deleted message cannot be changed' } });

    const after = await unreadOf(bob);
    expect({ last: after?.lastSequence, unread: after?.unreadCount, count: after?.messageCount }).toEqual({
      last: before?.lastSequence,
      unread: before?.unreadCount,
      count: before?.messageCount,
    });
    expect((await list(eve.token, id)).messages.map((m) => [m.sequence, m.deleted, m.content])).toEqual([
      [1, true, ''],
      [2, true, ''],
      [3, false, 'keep me'],
    ]);
  });

  it('counts one reaction per person and emoji, in the order emoji were first used; anyone who may read a public channel reacts', async () => {
    const id = await channel('public');
    const target = await post(ada, id, 'ship it?');
    expect(await react(bob.token, target, 'ab')).toMatchObject({
      status: 400,
      body: { details: [{ field: 'emoji', message: 'Choose one emoji' }] },
    });
    expect(await react(bob.token, target, '👍👍')).toMatchObject({ status: 400, body: { details: [{ field: 'emoji' }] } });

    const first = await react(bob.token, target, '👍');
    expect(first.body.data.reactions).toEqual([{ emoji: '👍', count: 1, users: [bob.id] }]);
    expect((await react(bob.token, target, '👍')).body.data).toEqual(first.body.data);
    await react(eve.token, target, '🎉');
    const flags = await react(ada.token, target, '🇩🇪');
    expect(flags.body.data.reactions).toEqual([
      { emoji: '👍', count: 1, users: [bob.id] },
      { emoji: '🎉', count: 1, users: [eve.id] },
      { emoji: '🇩🇪', count: 1, users: [ada.id] },
    ]);
    // Taking back one you do not have changes nothing; the last one of an emoji removes it.
    expect((await unreact(ada.token, target, '🎉')).body.data).toEqual(flags.body.data);
    const back = await unreact(eve.token, target, '🎉');
    expect(back.body.data.reactions.map((r) => r.emoji)).toEqual(['👍', '🇩🇪']);
    // Reacting did not make Bob or Eve members.
    const listed = (await p.api.call(messagingRoutes.listChannels, { token: eve.token })).data.find((c) => c.id === id);
    expect(listed?.isMember).toBe(false);
    expect(await stored(eve.token, target)).toEqual(back.body.data);
  });

  it(`allows ${MESSAGING_LIMITS.reactionsPerMessage} different emoji on a message and refuses one more, with a sentence`, async () => {
    const id = await channel('public');
    const target = await post(ada, id, 'pick one');
    const emoji = [...'😀😁😂🤣😃😄😅😆😉😊😋😎😍😘🥰😗😙😚🙂🤗'];
    expect(emoji).toHaveLength(MESSAGING_LIMITS.reactionsPerMessage);
    for (const e of emoji) expect((await react(bob.token, target, e)).status).toBe(200);
    expect(await react(eve.token, target, '🤔')).toMatchObject({
      status: 409,
      body: { message: `A message can have at most ${MESSAGING_LIMITS.reactionsPerMessage} different reactions` },
    });
    const full = await react(eve.token, target, '😀');
    expect(full.body.data.reactions).toHaveLength(MESSAGING_LIMITS.reactionsPerMessage);
    expect(full.body.data.reactions[0]).toEqual({ emoji: '😀', count: 2, users: [bob.id, eve.id] });
  });

  it('counts every reaction of ten people reacting at once, each change with its own revision; a refusal among them is its own', async () => {
    const id = await channel('public');
    const target = await post(ada, id, 'party?');
    const people = await Promise.all(Array.from({ length: 10 }, (_, i) => buildUser(p, `Guest ${i}`)));
    const [refused, ...answers] = await Promise.all([
      edit(bob.token, target, 'not mine'),
      ...people.map((who) => react(who.token, target, '🎉')),
    ]);
    expect(refused.status).toBe(403);
    expect(answers.map((a) => a.status)).toEqual(people.map(() => 200));
    expect(new Set(answers.map((a) => a.body.data.revision))).toEqual(new Set(Array.from({ length: 10 }, (_, i) => i + 1)));
    const reaction = (await stored(ada.token, target))?.reactions[0];
    expect(reaction?.count).toBe(10);
    expect(new Set(reaction?.users)).toEqual(new Set(people.map((who) => who.id)));
    expect((await list(ada.token, id)).revision).toBe(10);
  });

  it('numbers the reactions two replicas take at once on one channel without a gap or a repeat, and counts each', async () => {
    // A second messaging replica on the same database and bus, called straight (the gateway's is the first).
    const other = await startService(messagingService(MessagingConfig.parse({})), {
      database: p.database,
      bus: p.bus,
      log: testLogger(),
      verifier: remoteTokenVerifier([p.services.identity.url]),
    });
    try {
      const replica = createApiClient({ baseUrl: other.url });
      const id = await channel('public');
      const targets = [await post(ada, id, 'left'), await post(ada, id, 'right')];
      const people = await Promise.all(Array.from({ length: 12 }, (_, i) => buildUser(p, `Crowd ${i}`)));
      const answers = await Promise.all(
        people.map((who, i) => {
          const call = { params: { ...(targets[Math.floor(i / 2) % 2] as Target), emoji: '🎉' }, token: who.token };
          return i % 2 ? replica.send(messagingRoutes.addChannelReaction, call) : react(who.token, call.params, '🎉');
        }),
      );
      expect(answers.map((a) => a.status)).toEqual(people.map(() => 200));
      const revisions = answers.map((a) => (a.status === 200 ? a.body.data.revision : 0));
      expect(revisions.sort((x, y) => x - y)).toEqual(people.map((_, i) => i + 1));
      for (const target of targets) expect((await stored(ada.token, target))?.reactions[0]?.count).toBe(6);
      expect((await list(ada.token, id)).revision).toBe(people.length);
    } finally {
      await other.stop();
    }
  });

  it('gives a client that was away every change since the revision it had, once each, in the order they were made', async () => {
    const id = await channel('private', [bob]);
    const [one, two, three] = [await post(ada, id, 'one'), await post(bob, id, 'two'), await post(ada, id, 'three')];
    const seen = await list(bob.token, id);
    // While Bob is away:
    await edit(ada.token, one, 'one!');
    await react(ada.token, two, '👀');
    await remove(ada.token, three);
    await edit(ada.token, one, 'one!!');
    await react(bob.token, two, '👀');

    const changes = await list(bob.token, id, { changedAfter: seen.revision });
    expect(changes.messages.map((m) => [m.id, m.revision])).toEqual([
      [three.messageId, seen.revision + 3],
      [one.messageId, seen.revision + 4],
      [two.messageId, seen.revision + 5],
    ]);
    expect(changes.revision).toBe(seen.revision + 5);
    const byId = new Map(changes.messages.map((m): [string, ChannelMessage] => [m.id, m]));
    expect(byId.get(one.messageId)).toMatchObject({ content: 'one!!', isEdited: true });
    expect(byId.get(two.messageId)?.reactions).toEqual([{ emoji: '👀', count: 2, users: [ada.id, bob.id] }]);
    expect(byId.get(three.messageId)).toMatchObject({ deleted: true, content: '' });
    // Paged with a small limit, the same changes come in the same order; nothing after the last one.
    const firstPage = await list(bob.token, id, { changedAfter: seen.revision, limit: 2 });
    expect(firstPage.hasMore).toBe(true);
    const rest = await list(bob.token, id, { changedAfter: firstPage.messages.at(-1)?.revision ?? 0, limit: 2 });
    expect([...firstPage.messages, ...rest.messages].map((m) => m.id)).toEqual(changes.messages.map((m) => m.id));
    expect((await list(bob.token, id, { changedAfter: changes.revision })).messages).toEqual([]);
  });

  describe('in the inbox', () => {
    let chatId: string;
    let freelancer: User;
    let buyer: User;

    beforeAll(async () => {
      [freelancer, buyer] = [await buildUser(p, 'Fiona Freelancer'), await buildUser(p, 'Ben Buyer')];
      const gig = await p.api.call(marketplaceRoutes.createGig, { token: freelancer.token, body: buildGig() });
      chatId = (
        await eventually(async () => {
          const res = await p.api.send(messagingRoutes.createChat, {
            token: buyer.token,
            body: { recipientId: freelancer.id, gigId: gig.gig.id },
          });
          return res.status === 201 && res.body;
        })
      ).data.id;
    });

    const postChat = async (who: User, content: string) =>
      (await p.api.call(messagingRoutes.postChatMessage, { params: { chatId }, token: who.token, body: { content } })).data.id;
    const chatParams = (messageId: string) => ({ chatId, messageId });

    it('lets only the author edit or delete, participants react, and hides the conversation from anyone else', async () => {
      const messageId = await postChat(buyer, 'Is this availble?');
      const params = chatParams(messageId);
      expect((await p.api.send(messagingRoutes.editChatMessage, { params, body: { content: 'x' } })).status).toBe(401);
      for (const call of [
        p.api.send(messagingRoutes.editChatMessage, { params, token: eve.token, body: { content: 'x' } }),
        p.api.send(messagingRoutes.deleteChatMessage, { params, token: eve.token }),
        p.api.send(messagingRoutes.addChatReaction, { params: { ...params, emoji: '👍' }, token: eve.token }),
        p.api.send(messagingRoutes.removeChatReaction, { params: { ...params, emoji: '👍' }, token: eve.token }),
      ])
        expect(await call).toMatchObject({ status: 404, body: { message: 'Chat not found' } });
      expect(await p.api.send(messagingRoutes.editChatMessage, { params, token: freelancer.token, body: { content: 'x' } })).toMatchObject({
        status: 403,
        body: { message: 'You can only edit your own messages' },
      });
      expect(await p.api.send(messagingRoutes.deleteChatMessage, { params, token: freelancer.token })).toMatchObject({
        status: 403,
        body: { message: 'You can only delete your own messages' },
      });

      const edited = await p.api.send(messagingRoutes.editChatMessage, {
        params,
        token: buyer.token,
        body: { content: 'Is this available?' },
      });
      expect(edited.body.data).toMatchObject({ chatId, content: 'Is this available?', isEdited: true, revision: 1 });
      const inbox = async () =>
        (await p.api.call(messagingRoutes.listChats, { token: freelancer.token })).chats.find((c) => c.id === chatId);
      expect((await inbox())?.lastMessage?.content).toBe('Is this available?');
      const reacted = await p.api.send(messagingRoutes.addChatReaction, { params: { ...params, emoji: '👍' }, token: freelancer.token });
      expect(reacted.body.data.reactions).toEqual([{ emoji: '👍', count: 1, users: [freelancer.id] }]);

      const deleted = await p.api.send(messagingRoutes.deleteChatMessage, { params, token: buyer.token });
      expect(deleted.body.data).toMatchObject({ content: '', deleted: true, reactions: [], revision: 3 });
      // The inbox preview no longer shows what was deleted.
      expect((await inbox())?.lastMessage?.content).toBe('');
      expect(
        await p.api.send(messagingRoutes.addChatReaction, { params: { ...params, emoji: '🎉' }, token: freelancer.token }),
      ).toMatchObject({
        status: 409,
        body: { message: 'A deleted message cannot be changed' },
      });
      const changes = await p.api.call(messagingRoutes.chatMessages, {
        params: { chatId },
        query: { changedAfter: 0 },
        token: freelancer.token,
      });
      expect(changes.data.messages).toEqual([deleted.body.data]);
      expect(changes.data.revision).toBe(3);
    });
  });
});
