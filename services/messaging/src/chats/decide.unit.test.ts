import { SYSTEM_SENDER } from '@commonwork/contracts';
import { deciderSpec } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import type { ChatEvent } from './chat.ts';
import { type ChatCommand, ChatNotFound, chatDecider } from './decide.ts';

const chatId = '0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f';
const gigId = '33333333-4444-4555-8666-777777777777';
const client = '11111111-2222-4333-8444-555555555555';
const freelancer = '22222222-3333-4444-8555-666666666666';
const stranger = '99999999-8888-4777-8666-555555555555';
const spec = deciderSpec(chatDecider);

const created: ChatEvent = { type: 'ChatCreated', data: { chatId, participantIds: [client, freelancer], gigId, createdBy: client } };
const card = (userId: string) => ({ userId, name: 'Bo', email: '', picture: '' });
const posted = (userId: string, sequence: number): ChatEvent => ({
  type: 'ChatMessagePosted',
  data: {
    chatId,
    participantIds: [client, freelancer],
    messageId: `m${sequence}`,
    sequence,
    sender: card(userId),
    content: 'x',
    clientId: null,
  },
});
const post = (userId: string): ChatCommand => ({
  type: 'PostChatMessage',
  actor: card(userId),
  messageId: 'm',
  content: 'hi',
  clientId: 'c1',
});

/** A post with what the test says besides (its attachments, another text). */
const postWith = (userId: string, extra: Partial<Extract<ChatCommand, { type: 'PostChatMessage' }>>): ChatCommand => ({
  type: 'PostChatMessage',
  actor: card(userId),
  messageId: 'm',
  content: 'hi',
  clientId: 'c1',
  ...extra,
});

describe('chat decider', () => {
  it('starts a conversation between the caller and the freelancer about a gig', () => {
    spec.given().when({ type: 'StartChat', chatId, actorId: client, recipientId: freelancer, gigId }).then(created);
  });

  it('starting it again finds the one that exists', () => {
    spec.given(created).when({ type: 'StartChat', chatId, actorId: freelancer, recipientId: client, gigId }).thenNothing();
  });

  it('gives either participant the next sequence', () => {
    spec
      .given(created, posted(client, 1), posted(freelancer, 2))
      .when(post(client))
      .then({
        type: 'ChatMessagePosted',
        data: {
          chatId,
          participantIds: [client, freelancer],
          messageId: 'm',
          sequence: 3,
          sender: card(client),
          content: 'hi',
          clientId: 'c1',
        },
      });
  });

  it('refuses a message to a conversation that does not exist, or from someone outside it, alike', () => {
    spec.given().when(post(client)).thenThrows(ChatNotFound);
    // Someone else's chat answers as if it did not exist: chat ids are guessable.
    spec.given(created, posted(client, 1)).when(post(stranger)).thenThrows(ChatNotFound);
  });

  it('carries the attachments it is given (already checked as the sender’s) in the posted event', () => {
    const attachments = [{ type: 'other' as const, url: '/api/media/files/y.pdf', name: 'brief.pdf', size: 50 }];
    spec
      .given(created)
      .when(postWith(client, { content: '', attachments }))
      .then({
        type: 'ChatMessagePosted',
        data: {
          chatId,
          participantIds: [client, freelancer],
          messageId: 'm',
          sequence: 1,
          sender: card(client),
          content: '',
          clientId: 'c1',
          attachments,
        },
      });
    spec.given(created).when(postWith(stranger, { attachments })).thenThrows(ChatNotFound);
  });

  it("writes an order's line from nobody, starting the buyer and seller's chat when they never wrote", () => {
    const system = { kind: 'order' as const, orderId: gigId, step: 'placed' as const, actorId: client };
    const line: ChatCommand = {
      type: 'PostSystemLine',
      chatId,
      buyerId: client,
      sellerId: freelancer,
      gigId,
      messageId: 'l1',
      content: 'Bo ordered "Logo".',
      system,
    };
    const written = (sequence: number): ChatEvent => ({
      type: 'ChatMessagePosted',
      data: {
        chatId,
        participantIds: [client, freelancer],
        messageId: 'l1',
        sequence,
        sender: { userId: SYSTEM_SENDER.id, name: 'Commonwork', email: '', picture: '' },
        content: 'Bo ordered "Logo".',
        clientId: null,
        system,
      },
    });
    spec.given().when(line).then(created, written(1));
    spec.given(created, posted(client, 1)).when(line).then(written(2));
  });
});
