import { type AttachmentRequest, marketplaceRoutes, mediaRoutes, messagingRoutes, notificationsRoutes } from '@commonwork/contracts';
import { buildGig, buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Person = Awaited<ReturnType<typeof buildUser>>;

describe('attachments on messages, through the gateway', () => {
  let p: TestPlatform;
  let ada: Person;
  let bob: Person;
  let eve: Person;

  beforeAll(async () => {
    p = await startTestPlatform();
    [ada, bob, eve] = await Promise.all([buildUser(p, 'Ada Author'), buildUser(p, 'Bob Member'), buildUser(p, 'Eve Outsider')]);
  });
  afterAll(() => p.stop());

  const uploadImage = async (who: Person, width = 640, height = 360) => {
    const png = await sharp({ create: { width, height, channels: 3, background: 'teal' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'photo.png');
    return p.api.call(mediaRoutes.upload, { query: { type: 'generic' }, token: who.token, body: form });
  };
  const uploadPdf = async (who: Person, name = 'agenda.pdf') => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), name);
    return p.api.call(mediaRoutes.uploadFile, { token: who.token, body: form });
  };
  const channel = async (who: Person, type: 'public' | 'private' = 'public') =>
    (await p.api.call(messagingRoutes.createChannel, { token: who.token, body: { name: `files-${type}`, type } })).data;
  const post = (who: Person, id: string, content: string, attachments: AttachmentRequest[]) =>
    p.api.send(messagingRoutes.postChannelMessage, { params: { id }, token: who.token, body: { content, attachments } });
  const messagesOf = async (who: Person, id: string) =>
    (await p.api.call(messagingRoutes.channelMessages, { params: { id }, token: who.token })).data.messages;

  it('posts a message with an image and a file, described by the uploads themselves, for everyone who reads it', async () => {
    const room = await channel(ada);
    const [image, pdf] = [await uploadImage(ada), await uploadPdf(ada)];
    // The client calls the image "other" and names nothing about its size: the upload says what it is.
    const res = await post(ada, room.id, 'Slides and the venue', [
      { type: 'other', url: image.url, name: 'venue.png' },
      { type: 'other', url: pdf.url, name: '' },
    ]);
    expect(res.status).toBe(201);
    const expected = [
      { type: 'image', url: image.url, name: 'venue.png', width: 640, height: 360, size: image.bytes },
      { type: 'other', url: pdf.url, name: 'agenda.pdf', size: pdf.bytes },
    ];
    expect(res.body.data.attachments).toEqual(expected);
    expect(res.body.data.content).toBe('Slides and the venue');
    const [read] = await messagesOf(bob, room.id);
    expect(read?.attachments).toEqual(expected);
  });

  it('posts attachments without text, and refuses a message with neither', async () => {
    const room = await channel(ada);
    const image = await uploadImage(ada, 300, 500);
    const only = await post(ada, room.id, '   ', [{ type: 'image', url: image.url, name: 'portrait.png' }]);
    expect(only.status).toBe(201);
    expect(only.body.data).toMatchObject({ content: '', attachments: [{ type: 'image', width: 300, height: 500 }] });
    const neither = await post(ada, room.id, ' ', []);
    expect(neither.status).toBe(400);
    expect(neither.body).toMatchObject({ message: 'Message cannot be empty', details: [{ field: 'content' }] });
    expect(await messagesOf(ada, room.id)).toHaveLength(1);
  });

  it("refuses someone else's upload, or a url that is no upload, and posts nothing", async () => {
    const room = await channel(ada);
    const bobs = await uploadPdf(bob, 'bobs.pdf');
    const own = await uploadPdf(ada);
    for (const url of [bobs.url, '/api/media/0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f.png', 'https://example.com/cat.png']) {
      const res = await post(ada, room.id, 'look', [
        { type: 'other', url: own.url, name: 'mine.pdf' },
        { type: 'other', url, name: 'theirs.pdf' },
      ]);
      expect(res.status, url).toBe(400);
      expect(res.body, url).toMatchObject({
        message: 'Attach only files you uploaded',
        details: [{ field: 'attachments.1.url', message: 'Attach only files you uploaded' }],
      });
    }
    expect(await messagesOf(ada, room.id)).toHaveLength(0);
    const after = (await p.api.call(messagingRoutes.listChannels, { token: ada.token })).data.find((c) => c.id === room.id);
    expect(after?.messageCount).toBe(0);
  });

  it('takes at most 10 attachments on a message', async () => {
    const room = await channel(ada);
    const pdf = await uploadPdf(ada);
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 'other' as const, url: pdf.url, name: `copy ${i}.pdf` }));
    const eleven = await post(ada, room.id, 'too many', many(11));
    expect(eleven.status).toBe(400);
    expect(eleven.body).toMatchObject({ message: 'At most 10 attachments per message', details: [{ field: 'attachments' }] });
    expect((await post(ada, room.id, 'ten', many(10))).status).toBe(201);
  });

  it('lets only members attach in a private channel: anyone else finds no channel', async () => {
    const room = await channel(ada, 'private');
    const eves = await uploadPdf(eve, 'eve.pdf');
    const res = await post(eve, room.id, 'let me in', [{ type: 'other', url: eves.url, name: 'eve.pdf' }]);
    expect(res.status).toBe(404);
    expect(await messagesOf(ada, room.id)).toHaveLength(0);
    const signedOut = await p.api.send(messagingRoutes.postChannelMessage, {
      params: { id: room.id },
      body: { content: '', attachments: [{ type: 'other', url: eves.url, name: 'x' }] },
    });
    expect(signedOut.status).toBe(401);
  });

  it('carries attachments in the inbox too, the sender’s own only', async () => {
    const gig = (await p.api.call(marketplaceRoutes.createGig, { token: ada.token, body: buildGig() })).gig;
    const chat = await eventually(async () => {
      const res = await p.api.send(messagingRoutes.createChat, { token: bob.token, body: { recipientId: ada.id, gigId: gig.id } });
      return res.status === 201 && res.body.data;
    });
    const send = (who: Person, attachments: AttachmentRequest[]) =>
      p.api.send(messagingRoutes.postChatMessage, { params: { chatId: chat.id }, token: who.token, body: { content: '', attachments } });
    const brief = await uploadPdf(bob, 'brief.pdf');
    const sent = await send(bob, [{ type: 'other', url: brief.url, name: 'brief.pdf' }]);
    expect(sent.status).toBe(201);
    expect(sent.body.data.attachments).toEqual([{ type: 'other', url: brief.url, name: 'brief.pdf', size: brief.bytes }]);
    expect((await send(ada, [{ type: 'other', url: brief.url, name: 'brief.pdf' }])).status).toBe(400);
    const listed = await p.api.call(messagingRoutes.chatMessages, { params: { chatId: chat.id }, token: ada.token });
    expect(listed.data.messages.map((m) => m.attachments)).toEqual([sent.body.data.attachments]);
    // The inbox previews a message of files only by their names.
    const inbox = await p.api.call(messagingRoutes.listChats, { token: ada.token });
    expect(inbox.chats.find((c) => c.id === chat.id)?.lastMessage?.content).toBe('brief.pdf');
    // And so does Ada's notification of it.
    await eventually(async () => {
      const { notifications } = await p.api.call(notificationsRoutes.list, { query: {}, token: ada.token });
      return notifications.some((n) => n.type === 'message' && n.message === 'brief.pdf');
    });
  });
});
