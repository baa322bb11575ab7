import { SOCKET_EVENTS as E, mediaRoutes, messagingRoutes } from '@commonwork/contracts';
import { buildUser, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Client, connect } from './support.ts';

type User = Awaited<ReturnType<typeof buildUser>>;

// send-message carries attachments as the REST post does: messaging checks them, the room gets them.
describe('send-message with attachments', () => {
  let p: TestPlatform;
  let ada: User;
  let bob: User;
  const clients: Client[] = [];
  const open = async (user: User) => {
    const client = await connect(p.services.realtime.url, user.token);
    clients.push(client);
    return client;
  };
  const uploadPdf = (user: User, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), name);
    return p.api.call(mediaRoutes.uploadFile, { token: user.token, body: form });
  };

  beforeAll(async () => {
    p = await startTestPlatform();
    [ada, bob] = [await buildUser(p, 'Ada Lovelace'), await buildUser(p, 'Bob Babbage')];
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => p?.stop());

  it('posts the sender’s own files, with or without text, to the channel’s room; refuses anyone else’s, and an 11th', async () => {
    const channel = (await p.api.call(messagingRoutes.createChannel, { token: ada.token, body: { name: 'socket files' } })).data;
    const [mine, bobs] = [await uploadPdf(ada, 'slides.pdf'), await uploadPdf(bob, 'bobs.pdf')];
    const socket = await open(ada);
    expect((await socket.call(E.joinChannels)).channelIds).toContain(channel.id);

    const attachment = { type: 'other' as const, url: mine.url, name: 'slides.pdf' };
    const ack = await socket.call(E.sendMessage, { channelId: channel.id, content: '', type: 'text', attachments: [attachment] });
    expect(ack.success).toBe(true);
    expect(ack.message.attachments).toEqual([{ ...attachment, size: mine.bytes }]);
    expect(await socket.next(E.newMessage, (m) => m.id === ack.message.id)).toMatchObject({
      content: '',
      attachments: ack.message.attachments,
    });

    const foreign = await socket.call(E.sendMessage, {
      channelId: channel.id,
      content: 'look',
      type: 'text',
      attachments: [{ type: 'other', url: bobs.url, name: 'bobs.pdf' }],
    });
    expect(foreign).toEqual({ success: false, error: 'Attach only files you uploaded' });
    const eleven = await socket.call(E.sendMessage, {
      channelId: channel.id,
      content: 'many',
      type: 'text',
      attachments: Array.from({ length: 11 }, () => attachment),
    });
    expect(eleven).toEqual({ success: false, error: 'At most 10 attachments per message' });
    const empty = await socket.call(E.sendMessage, { channelId: channel.id, content: ' ', type: 'text' });
    expect(empty).toEqual({ success: false, error: 'Message cannot be empty' });
    const listed = await p.api.call(messagingRoutes.channelMessages, { params: { id: channel.id }, token: ada.token });
    expect(listed.data.messages.map((m) => m.id)).toEqual([ack.message.id]);
  });
});
