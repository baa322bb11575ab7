import { describe, expect, it } from 'vitest';
import { channelMessage, chatMessage } from './messageShapes.ts';
import { ChannelMessage, ChatMessage } from './messaging.ts';

const fields = {
  id: '00000000-0000-4000-8000-000000000001',
  sequence: 7,
  sender: { id: '00000000-0000-4000-8000-0000000000aa', name: 'Ada Lovelace', picture: 'https://example.test/ada.png' },
  content: 'The engine weaves algebraic patterns',
  clientId: 'tmp-1',
  createdAt: '2025-01-01T12:00:00.000Z',
};
const channelId = '00000000-0000-4000-8000-0000000000c1';
const chatId = '00000000-0000-4000-8000-0000000000c2';

describe('channelMessage: the one channel message wire shape', () => {
  it('builds a message the contract accepts, with the sender offline and no email on every copy', () => {
    const message = channelMessage({ ...fields, channelId });
    expect(ChannelMessage.parse(message)).toEqual(message);
    expect(message).toEqual({
      _id: fields.id,
      id: fields.id,
      content: fields.content,
      sender: {
        _id: fields.sender.id,
        name: 'Ada Lovelace',
        email: '',
        profilePicture: fields.sender.picture,
        picture: fields.sender.picture,
        status: 'offline',
      },
      channel: channelId,
      sequence: 7,
      clientId: 'tmp-1',
      createdAt: fields.createdAt,
      updatedAt: fields.createdAt,
      type: 'text',
      app: null,
      attachments: [],
      mentions: [],
      reactions: [],
      isEdited: false,
      deleted: false,
      revision: 0,
    });
  });

  it('keeps a null clientId (a message posted without one)', () => {
    expect(channelMessage({ ...fields, channelId, clientId: null }).clientId).toBeNull();
  });

  it("marks an app's message (an incoming webhook's), and reads a message published before apps as a person's", () => {
    const app = { id: channelId, name: 'Deploy bot' };
    expect(ChannelMessage.parse(channelMessage({ ...fields, channelId, app })).app).toEqual(app);
    const { app: _, ...older } = channelMessage({ ...fields, channelId });
    expect(ChannelMessage.parse(older).app).toBeNull();
  });
});

describe('chatMessage: the one chat message wire shape', () => {
  it('builds a message the contract accepts, without the sender’s email', () => {
    const message = chatMessage({ ...fields, chatId });
    expect(ChatMessage.parse(message)).toEqual(message);
    expect(message).toEqual({
      _id: fields.id,
      id: fields.id,
      chatId,
      content: fields.content,
      sender: { _id: fields.sender.id, name: 'Ada Lovelace', picture: fields.sender.picture, email: '' },
      sequence: 7,
      clientId: 'tmp-1',
      createdAt: fields.createdAt,
      updatedAt: fields.createdAt,
      attachments: [],
      mentions: [],
      reactions: [],
      isEdited: false,
      deleted: false,
      revision: 0,
      system: null,
    });
  });

  it("marks an order's line, and reads a message published before lines existed as a person's", () => {
    const system = { kind: 'order' as const, orderId: chatId, step: 'delivered' as const, actorId: null };
    const line = chatMessage({ ...fields, chatId, system });
    expect(ChatMessage.parse(line).system).toEqual(system);
    const { system: _, ...older } = chatMessage({ ...fields, chatId });
    expect(ChatMessage.parse(older).system).toBeNull();
  });

  it('carries what changed after the post: edited text, reactions, a tombstone, the revision', () => {
    const changes = {
      isEdited: true,
      updatedAt: '2025-01-01T12:05:00.000Z',
      reactions: [{ emoji: '🎉', count: 1, users: [fields.sender.id] }],
      deleted: false,
      revision: 3,
    };
    const message = chatMessage({ ...fields, ...changes, chatId });
    expect(ChatMessage.parse(message)).toEqual(message);
    expect(message).toMatchObject(changes);
  });
});
