import {
  type ChannelMessage,
  SOCKET_EVENTS as E,
  type MessageChange,
  marketplaceRoutes,
  messagingRoutes,
  withMessageChange,
} from '@commonwork/contracts';
import { buildGig, buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Client, connect, type Replicas, settle, startReplicas } from './support.ts';

type User = Awaited<ReturnType<typeof buildUser>>;
type Frame = { after: number; revision: number; changes: MessageChange[] };

/**
 * The channel changes a device receives, in arrival order, as frames: a `messages-updated` as it
 * came, a `message-updated` as a frame of its one change (the whole message).
 */
function recordChanges(client: Client): Frame[] {
  const frames: Frame[] = [];
  client.socket.onAny((event: string, payload: Frame | ChannelMessage) => {
    if (event === E.messagesUpdated) frames.push(payload as Frame);
    if (event === E.messageUpdated) {
      const message = payload as ChannelMessage;
      frames.push({ after: message.revision - 1, revision: message.revision, changes: [{ message }] });
    }
  });
  return frames;
}

/** Frames that follow on from each other from revision 0 to `last`: every change once, in order, none twice. */
function expectConsecutive(frames: readonly Frame[], last: number) {
  let revision = 0;
  for (const frame of frames) {
    expect(frame.after).toBe(revision);
    expect(frame.revision).toBe(frame.after + frame.changes.length);
    revision = frame.revision;
  }
  expect(revision).toBe(last);
}

/** A reader's copy of one message after each change of the frames, by revision, as the web client applies them. */
function copiesAfterEach(frames: readonly Frame[], loaded: ChannelMessage): ChannelMessage[] {
  const copies: ChannelMessage[] = [];
  let held = loaded;
  for (const frame of frames)
    frame.changes.forEach((change, i) => {
      held = withMessageChange(held, change, frame.after + 1 + i);
      copies.push(held);
    });
  return copies;
}

// Ada's sockets are on replica A, everyone else's on B: every change Bob sees crossed replicas.
describe('message changes live: message-updated, messages-updated and chat-message-updated', () => {
  let p: TestPlatform;
  let replicas: Replicas;
  let ada: User;
  let bob: User;
  let eve: User;
  const clients: Client[] = [];
  const open = async (url: string, user: User) => {
    const client = await connect(url, user.token);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    p = await startTestPlatform();
    replicas = await startReplicas(p);
    [ada, bob, eve] = [await buildUser(p, 'Ada Lovelace'), await buildUser(p, 'Bob Babbage'), await buildUser(p, 'Eve Outsider')];
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(async () => {
    await replicas?.stop();
    await p?.stop();
  });

  it('sends each edit, reaction and deletion to the channel’s room as the REST call answered it, in order, once, and to nobody else', async () => {
    const id = (await p.api.call(messagingRoutes.createChannel, { token: ada.token, body: { name: 'changes', type: 'private' } })).data.id;
    const link = (await p.api.call(messagingRoutes.joinLink, { params: { id }, token: ada.token })).data.joinLink;
    await p.api.call(messagingRoutes.joinByLink, { params: { joinLink: link }, token: bob.token });
    const adaLaptop = await open(replicas.a.url, ada);
    const bobPhone = await open(replicas.b.url, bob);
    const eveLaptop = await open(replicas.b.url, eve);
    const seen = [adaLaptop, bobPhone].map(recordChanges);
    for (const device of [adaLaptop, bobPhone]) expect(await device.call(E.joinChannel, { id })).toEqual({ success: true, channelId: id });
    const posted = await p.api.call(messagingRoutes.postChannelMessage, { params: { id }, token: ada.token, body: { content: 'helo' } });
    const target = { id, messageId: posted.data.id };

    const answers = [
      await p.api.call(messagingRoutes.editChannelMessage, { params: target, token: ada.token, body: { content: 'hello' } }),
      await p.api.call(messagingRoutes.addChannelReaction, { params: { ...target, emoji: '👋' }, token: bob.token }),
      await p.api.call(messagingRoutes.deleteChannelMessage, { params: target, token: ada.token }),
    ].map((a) => a.data);
    // Changes close together may come in one frame (`messages-updated`), each only what it changed:
    // applied to the message as posted, each gives the message as its REST call answered.
    for (const frames of seen) {
      await eventually(async () => frames.at(-1)?.revision === 3);
      expectConsecutive(frames, 3);
      expect(copiesAfterEach(frames, posted.data)).toEqual(answers);
    }
    await settle();
    expect(eveLaptop.received(E.messageUpdated)).toEqual([]);
    expect(eveLaptop.received(E.messagesUpdated)).toEqual([]);
  });

  it('brings ten reactions made at once to a reader on the other replica, each once and in revision order', async () => {
    const id = (await p.api.call(messagingRoutes.createChannel, { token: ada.token, body: { name: 'party', type: 'public' } })).data.id;
    const reader = await open(replicas.b.url, bob);
    const frames = recordChanges(reader);
    expect(await reader.call(E.joinChannel, { id })).toEqual({ success: true, channelId: id });
    const posted = await p.api.call(messagingRoutes.postChannelMessage, { params: { id }, token: ada.token, body: { content: 'party?' } });
    const people = await Promise.all(Array.from({ length: 10 }, (_, i) => buildUser(p, `Guest ${i}`)));
    await Promise.all(
      people.map((who) =>
        p.api.call(messagingRoutes.addChannelReaction, { params: { id, messageId: posted.data.id, emoji: '🎉' }, token: who.token }),
      ),
    );
    await eventually(async () => frames.at(-1)?.revision === 10);
    expectConsecutive(frames, 10);
    // One message, one more person each change; a frame of several names each one, never the whole list.
    expect(copiesAfterEach(frames, posted.data).map((m) => m.reactions[0]?.users.length)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const frame of frames.filter((f) => f.changes.length > 1))
      for (const change of frame.changes) expect(change).toMatchObject({ id: posted.data.id, reaction: { emoji: '🎉', added: true } });
  });

  it('sends chat-message-updated to every device of both participants, and to nobody else', async () => {
    const gig = await p.api.call(marketplaceRoutes.createGig, { token: bob.token, body: buildGig() });
    const chat = await eventually(async () => {
      const res = await p.api.send(messagingRoutes.createChat, { token: ada.token, body: { recipientId: bob.id, gigId: gig.gig.id } });
      return res.status === 201 && res.body.data;
    });
    const devices = [await open(replicas.a.url, ada), await open(replicas.b.url, ada), await open(replicas.b.url, bob)];
    const eveLaptop = await open(replicas.b.url, eve);
    const posted = await p.api.call(messagingRoutes.postChatMessage, {
      params: { chatId: chat.id },
      token: ada.token,
      body: { content: 'Cards?' },
    });
    const edited = await p.api.call(messagingRoutes.editChatMessage, {
      params: { chatId: chat.id, messageId: posted.data.id },
      token: ada.token,
      body: { content: 'Cards by Monday?' },
    });
    for (const device of devices) expect(await device.next(E.chatMessageUpdated)).toEqual(edited.data);
    await settle();
    expect(eveLaptop.received(E.chatMessageUpdated)).toEqual([]);
  });
});
