import { channelMessage, chatMessage, MESSAGING_LIMITS, type Reaction } from '@commonwork/contracts';
import { Forbidden } from '@commonwork/kit';
import { deciderSpec } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import { MessageDeleted, messageDecider, TooManyReactions } from './decide.ts';
import type { MessageCommand, MessageEvent, PostedMessage } from './message.ts';

const channelId = '0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f';
const chatId = '1f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f';
const messageId = '44444444-5555-4666-8777-888888888888';
const ada = '11111111-2222-4333-8444-555555555555';
const bo = '22222222-3333-4444-8555-666666666666';
const cy = '99999999-8888-4777-8666-555555555555';
const createdAt = '2026-11-26T08:00:00.000Z';
const at = '2026-11-26T09:00:00.000Z';
const spec = deciderSpec(messageDecider);

const image = { type: 'image' as const, url: '/media/a.png', name: 'a.png', width: 10, height: 10 };
const inChannel: PostedMessage = {
  conversation: { kind: 'channel', channelId },
  messageId,
  sequence: 7,
  sender: { id: ada, name: 'Ada', picture: '' },
  content: 'helo',
  clientId: 'c1',
  createdAt,
  attachments: [image],
  mentions: [bo],
};
const inChat: PostedMessage = { ...inChannel, conversation: { kind: 'chat', chatId, participantIds: [ada, bo] } };

/** A command on the channel message by `actorId`, taking `revision`. */
const by = (actorId: string, revision = 1, message = inChannel, actorModerates = false) => ({
  message,
  actorId,
  actorModerates,
  at,
  revision,
});
/** An edit whose text still mentions Bo, unless told otherwise. */
const edit = (actorId: string, content: string, revision = 1, mentions = [bo]): MessageCommand => ({
  type: 'EditMessage',
  content,
  mentions,
  ...by(actorId, revision),
});
const del = (actorId: string, actorModerates = false): MessageCommand => ({
  type: 'DeleteMessage',
  ...by(actorId, 1, inChannel, actorModerates),
});
const add = (actorId: string, emoji: string, revision = 1): MessageCommand => ({ type: 'AddReaction', emoji, ...by(actorId, revision) });
const remove = (actorId: string, emoji: string, revision = 1): MessageCommand => ({
  type: 'RemoveReaction',
  emoji,
  ...by(actorId, revision),
});

/** The channel message on the wire after a change, as the events carry it. */
const wire = (changes: Partial<ReturnType<typeof channelMessage>>, revision = 1) => ({
  kind: 'channel' as const,
  channelId,
  message: {
    ...channelMessage({ ...inChannel, id: messageId, channelId, attachments: [image], mentions: [bo], updatedAt: at, revision }),
    ...changes,
  },
});
const reacted = (emoji: string, userId: string, reactions: Reaction[], revision = 1): MessageEvent => ({
  type: 'ReactionAdded',
  data: { ...wire({ reactions }, revision), userId, emoji },
});
const edited = (content: string, revision = 1): MessageEvent => ({
  type: 'MessageEdited',
  data: wire({ content, isEdited: true }, revision),
});
const deleted: MessageEvent = {
  type: 'MessageDeleted',
  data: wire({ content: '', deleted: true, attachments: [], mentions: [], reactions: [] }),
};

describe('message decider: edits', () => {
  it('replaces the author’s text, marks it edited and stamps the change with its time and revision', () => {
    spec
      .given()
      .when(edit(ada, 'hello', 3))
      .then(edited('hello', 3));
  });

  it('edits again from the last edit, keeping the reactions', () => {
    const reactions = [{ emoji: '👍', count: 1, users: [bo] }];
    spec
      .given(reacted('👍', bo, reactions, 1))
      .when(edit(ada, 'hello!', 2))
      .then({ type: 'MessageEdited', data: wire({ content: 'hello!', isEdited: true, reactions }, 2) });
  });

  it('refuses anyone but the author, a channel admin too', () => {
    spec.given().when(edit(bo, 'mine now')).thenThrows(Forbidden);
    spec
      .given()
      .when({ type: 'EditMessage', content: 'mine now', mentions: [], ...by(bo, 1, inChannel, true) })
      .thenThrows(Forbidden);
  });

  it('takes the mentions of the new text', () => {
    spec
      .given()
      .when(edit(ada, 'hello @cy', 2, [cy]))
      .then({ type: 'MessageEdited', data: wire({ content: 'hello @cy', isEdited: true, mentions: [cy] }, 2) });
  });

  it('changes nothing when the text is the same', () => {
    spec
      .given(edited('hello'))
      .when(edit(ada, 'hello', 2))
      .thenNothing();
  });

  it('refuses to edit a deleted message', () => {
    spec.given(deleted).when(edit(ada, 'back')).thenThrows(MessageDeleted);
  });
});

describe('message decider: deletion', () => {
  it('leaves a tombstone: no text, files, mentions or reactions, its place kept', () => {
    spec
      .given(reacted('👍', bo, [{ emoji: '👍', count: 1, users: [bo] }]))
      .when(del(ada))
      .then(deleted);
  });

  it('lets a channel admin delete someone else’s message', () => {
    spec.given().when(del(bo, true)).then(deleted);
  });

  it('refuses anyone else', () => {
    spec.given().when(del(bo)).thenThrows(Forbidden);
  });

  it('deleting again changes nothing', () => {
    spec.given(deleted).when(del(ada)).thenNothing();
  });

  it('in a chat, deletes the author’s message and names both participants', () => {
    spec
      .given()
      .when({ type: 'DeleteMessage', ...by(bo, 4, { ...inChat, sender: { id: bo, name: 'Bo', picture: '' } }) })
      .then({
        type: 'MessageDeleted',
        data: {
          kind: 'chat',
          chatId,
          participantIds: [ada, bo],
          message: chatMessage({
            ...inChat,
            id: messageId,
            chatId,
            sender: { id: bo, name: 'Bo', picture: '' },
            content: '',
            deleted: true,
            attachments: [],
            mentions: [],
            updatedAt: at,
            revision: 4,
          }),
        },
      });
  });
});

describe('message decider: reactions', () => {
  it('adds a reaction, then counts a second person under the same emoji', () => {
    spec
      .given()
      .when(add(bo, '👍'))
      .then(reacted('👍', bo, [{ emoji: '👍', count: 1, users: [bo] }]));
    spec
      .given(reacted('👍', bo, [{ emoji: '👍', count: 1, users: [bo] }]))
      .when(add(cy, '👍', 2))
      .then(reacted('👍', cy, [{ emoji: '👍', count: 2, users: [bo, cy] }], 2));
  });

  it('keeps emoji in the order they were first used', () => {
    const first = [{ emoji: '🎉', count: 1, users: [cy] }];
    spec
      .given(reacted('🎉', cy, first))
      .when(add(bo, '👍', 2))
      .then(reacted('👍', bo, [...first, { emoji: '👍', count: 1, users: [bo] }], 2));
  });

  it('one person, one reaction per emoji: adding it again changes nothing', () => {
    spec
      .given(reacted('👍', bo, [{ emoji: '👍', count: 1, users: [bo] }]))
      .when(add(bo, '👍', 2))
      .thenNothing();
  });

  it('takes a reaction back; the last one of an emoji removes the emoji', () => {
    const both = [
      { emoji: '👍', count: 2, users: [bo, cy] },
      { emoji: '🎉', count: 1, users: [bo] },
    ];
    spec
      .given(reacted('🎉', bo, both))
      .when(remove(bo, '👍', 2))
      .then({
        type: 'ReactionRemoved',
        data: {
          ...wire(
            {
              reactions: [
                { emoji: '👍', count: 1, users: [cy] },
                { emoji: '🎉', count: 1, users: [bo] },
              ],
            },
            2,
          ),
          userId: bo,
          emoji: '👍',
        },
      });
    spec
      .given(reacted('🎉', bo, both))
      .when(remove(bo, '🎉', 2))
      .then({
        type: 'ReactionRemoved',
        data: { ...wire({ reactions: [{ emoji: '👍', count: 2, users: [bo, cy] }] }, 2), userId: bo, emoji: '🎉' },
      });
  });

  it('taking back a reaction one does not have changes nothing', () => {
    spec.given().when(remove(bo, '👍')).thenNothing();
    spec
      .given(reacted('👍', cy, [{ emoji: '👍', count: 1, users: [cy] }]))
      .when(remove(bo, '👍', 2))
      .thenNothing();
  });

  it(`allows ${MESSAGING_LIMITS.reactionsPerMessage} different emoji and refuses one more, while more people may join one of them`, () => {
    const emoji = [...'😀😁😂🤣😃😄😅😆😉😊😋😎😍😘🥰😗😙😚🙂🤗'];
    const full = emoji.slice(0, MESSAGING_LIMITS.reactionsPerMessage).map((e) => ({ emoji: e, count: 1, users: [bo] }));
    spec
      .given(reacted(emoji[0] ?? '', bo, full))
      .when(add(cy, '🤔', 2))
      .thenThrows(TooManyReactions);
    spec
      .given(reacted(emoji[0] ?? '', bo, full))
      .when(add(cy, emoji[3] ?? '', 2))
      .thenMatches({ type: 'ReactionAdded' });
  });

  it('refuses reactions on a deleted message', () => {
    spec.given(deleted).when(add(bo, '👍')).thenThrows(MessageDeleted);
    spec.given(deleted).when(remove(bo, '👍')).thenThrows(MessageDeleted);
  });
});
