import { randomUUID } from 'node:crypto';
import { eventsRoutes, marketplaceRoutes, mediaRoutes, messagingRoutes, OrderPlaced } from '@commonwork/contracts';
import {
  buildEvent,
  buildGig,
  buildOrderCard,
  buildUser,
  eventually,
  expectRebuildReproduces,
  published,
  startTestPlatform,
  type TestPlatform,
} from '@commonwork/kit/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projections } from '../src/index.ts';

describe('messaging rebuild', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform();
  });
  afterAll(() => p.stop());

  it('replays channels (event channels too), chats (order lines too), read marks and pins and stars into exactly what the live path built', async () => {
    const ada = await buildUser(p, 'Ada Admin');
    const bob = await buildUser(p, 'Bob Buyer');
    // A channel: created, joined by posting and by link, a link made, messages, a read mark.
    const channel = (await p.api.call(messagingRoutes.createChannel, { token: ada.token, body: { name: 'rebuilt', type: 'private' } }))
      .data;
    const link = await p.api.call(messagingRoutes.joinLink, { params: { id: channel.id }, token: ada.token });
    expect((await p.api.send(messagingRoutes.joinByLink, { params: { joinLink: link.data.joinLink }, token: bob.token })).status).toBe(200);
    // Ada mentions Bob once messaging knows his username (a mention mark).
    await eventually(async () =>
      (await p.api.call(messagingRoutes.listChannels, { token: bob.token })).data
        .find((c) => c.id === channel.id)
        ?.members.some((m) => m.username === bob.username),
    );
    for (const [who, content] of [
      [ada, 'hello'],
      [bob, 'hi'],
      [ada, `welcome @${bob.username}`],
    ] as const)
      expect(
        (await p.api.send(messagingRoutes.postChannelMessage, { params: { id: channel.id }, token: who.token, body: { content } })).status,
      ).toBe(201);
    expect(
      (await p.api.send(messagingRoutes.readChannel, { params: { id: channel.id }, token: bob.token, body: { sequence: 2 } })).status,
    ).toBe(200);
    // Ada sends a photo and a file of hers, with no text (attachments, as media's events told messaging).
    const form = (bytes: Uint8Array, name: string) => {
      const body = new FormData();
      body.append('file', new Blob([bytes]), name);
      return body;
    };
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: 'teal' } })
      .png()
      .toBuffer();
    const photo = await p.api.call(mediaRoutes.upload, { query: { type: 'generic' }, token: ada.token, body: form(png, 'photo.png') });
    const pdf = await p.api.call(mediaRoutes.uploadFile, { token: ada.token, body: form(Buffer.from('%PDF-1.4\n%%EOF\n'), 'plan.pdf') });
    const attachments = [
      { type: 'image' as const, url: photo.url, name: 'photo.png' },
      { type: 'other' as const, url: pdf.url, name: 'plan.pdf' },
    ];
    const sent = await p.api.send(messagingRoutes.postChannelMessage, {
      params: { id: channel.id },
      token: ada.token,
      body: { attachments },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.data.attachments).toHaveLength(2);
    // Marks: Bob pins and stars it, Ada stars then unstars it.
    for (const [route, who] of [
      [messagingRoutes.pinChannel, bob],
      [messagingRoutes.starChannel, bob],
      [messagingRoutes.starChannel, ada],
      [messagingRoutes.unstarChannel, ada],
    ] as const)
      expect((await p.api.send(route, { params: { id: channel.id }, token: who.token })).status).toBe(200);

    // A chat about Ada's gig, once messaging has heard of the gig: started, messages both ways, read.
    const gig = (await p.api.call(marketplaceRoutes.createGig, { token: ada.token, body: buildGig() })).gig;
    const chat = await eventually(async () => {
      const res = await p.api.send(messagingRoutes.createChat, { token: bob.token, body: { recipientId: ada.id, gigId: gig.id } });
      return res.status === 201 && res.body.data;
    });
    for (const [who, content] of [
      [bob, 'Is this available?'],
      [ada, 'Yes!'],
    ] as const)
      expect(
        (await p.api.send(messagingRoutes.postChatMessage, { params: { chatId: chat.id }, token: who.token, body: { content } })).status,
      ).toBe(201);
    expect((await p.api.send(messagingRoutes.readChat, { params: { chatId: chat.id }, token: bob.token })).status).toBe(200);

    // Changes to messages: an edit, reactions (one taken back), a deletion by the channel's admin, and in the chat an edit and a deletion.
    const [hello, hi] = (await p.api.call(messagingRoutes.channelMessages, { params: { id: channel.id }, token: ada.token })).data.messages;
    const [question, answer] = (await p.api.call(messagingRoutes.chatMessages, { params: { chatId: chat.id }, token: ada.token })).data
      .messages;
    if (!hello || !hi || !question || !answer) throw new Error('the messages above were not posted');
    const inChannel = (m: { id: string }) => ({ id: channel.id, messageId: m.id });
    const inChat = (m: { id: string }) => ({ chatId: chat.id, messageId: m.id });
    for (const change of [
      () => p.api.send(messagingRoutes.editChannelMessage, { params: inChannel(hello), token: ada.token, body: { content: 'hello, all' } }),
      () => p.api.send(messagingRoutes.addChannelReaction, { params: { ...inChannel(hello), emoji: '👍' }, token: bob.token }),
      () => p.api.send(messagingRoutes.addChannelReaction, { params: { ...inChannel(hello), emoji: '🎉' }, token: bob.token }),
      () => p.api.send(messagingRoutes.removeChannelReaction, { params: { ...inChannel(hello), emoji: '👍' }, token: bob.token }),
      () => p.api.send(messagingRoutes.deleteChannelMessage, { params: inChannel(hi), token: ada.token }),
      () =>
        p.api.send(messagingRoutes.editChatMessage, { params: inChat(question), token: bob.token, body: { content: 'Is it available?' } }),
      () => p.api.send(messagingRoutes.addChatReaction, { params: { ...inChat(question), emoji: '👀' }, token: ada.token }),
      () => p.api.send(messagingRoutes.deleteChatMessage, { params: inChat(answer), token: ada.token }),
    ])
      expect((await change()).status).toBe(200);

    // An event's channel: opened by the event, joined by a registration, left by a cancellation.
    const event = (await p.api.call(eventsRoutes.createEvent, { token: ada.token, body: buildEvent() })).data;
    const eventChannel = await eventually(
      async () => (await p.api.call(eventsRoutes.getEvent, { params: { id: event.id } })).data.channelId,
    );
    const members = async () =>
      (await p.api.call(messagingRoutes.listChannels, { token: ada.token })).data.find((c) => c.id === eventChannel)?.memberCount;
    await p.api.send(eventsRoutes.register, { params: { id: event.id }, token: bob.token });
    await eventually(async () => (await members()) === 2);
    await p.api.send(eventsRoutes.cancelRegistration, { params: { id: event.id }, token: bob.token });
    await eventually(async () => (await members()) === 1);

    // An order of Ada's gig by Bob: its line in their chat, and a conversation it starts with Cy.
    const cy = await buildUser(p, 'Cy Client');
    for (const buyer of [bob, cy]) {
      const card = buildOrderCard({ orderId: randomUUID(), gigId: gig.id, buyerId: buyer.id, sellerId: ada.id });
      await p.bus.publish(published(OrderPlaced, { ...card, revisionsAllowed: 2 }, { streamId: `order-${card.orderId}` }));
    }
    await eventually(
      async () => (await p.api.call(messagingRoutes.listChats, { token: cy.token, query: {} })).chats[0]?.lastSequence === 1,
    );

    // Incoming webhooks: one posts (its message marked as an app, its use kept outside events), one is revoked.
    const hooks = await Promise.all(
      ['Deploy bot', 'Old bot'].map(
        async (name) =>
          (await p.api.call(messagingRoutes.createIncomingWebhook, { params: { id: channel.id }, token: ada.token, body: { name } })).data,
      ),
    );
    const posted = await fetch(`${p.url}${hooks[0]?.url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Deployed', username: 'Deployer' }),
    });
    expect(posted.status).toBe(200);
    await p.api.call(messagingRoutes.revokeIncomingWebhook, {
      params: { id: channel.id, hookId: hooks[1]?.hook.id ?? '' },
      token: ada.token,
    });

    const mentioned = (await p.api.call(messagingRoutes.listChannels, { token: bob.token })).data.find((c) => c.id === channel.id);
    expect(mentioned?.mentionCount).toBe(1);

    await expectRebuildReproduces(p.database, projections);
  });
});
