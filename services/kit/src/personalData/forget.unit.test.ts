import { DELETED_USER_NAME } from '@commonwork/contracts';
import { describe, expect, it } from 'vitest';
import { namesIn, redactPersonalData } from './forget.ts';

const zed = { userId: '7a1f0c2e-1111-4c3b-9d3e-000000000001', name: 'Zelda Quist', email: 'zelda@example.com' };
const bob = '7a1f0c2e-2222-4c3b-9d3e-000000000002';

describe('the default redactor of a forgotten person', () => {
  it('shows their card as a deleted account and empties what they wrote, keeping the message in its place', () => {
    const posted = {
      channelId: 'c1',
      sequence: 4,
      sender: { userId: zed.userId, name: zed.name, email: zed.email, picture: '/p.png' },
      content: 'Write to me at zelda@example.com',
      attachments: [{ url: '/f/1', name: 'cv.pdf' }],
      mentions: [bob],
    };
    expect(redactPersonalData(posted, zed)).toEqual({
      channelId: 'c1',
      sequence: 4,
      sender: { userId: zed.userId, name: DELETED_USER_NAME, email: '', picture: '' },
      content: '',
      attachments: [],
      mentions: [],
    });
  });

  it('replaces their name in the words of a record that carries their id, and removes their email from any', () => {
    const line = { sender: { _id: 'system', name: 'Commonwork' }, system: { actorId: zed.userId }, content: 'Zelda Quist ordered "Logo".' };
    expect(redactPersonalData(line, zed)).toMatchObject({
      content: `${DELETED_USER_NAME} ordered "Logo".`,
      sender: { name: 'Commonwork' },
    });
    expect(redactPersonalData({ note: 'mail zelda@example.com' }, zed)).toEqual({ note: 'mail ' });
  });

  it('empties a notification that quotes their words, and keeps one whose sentence is the platform’s', () => {
    const quoting = { type: 'message', sender: { userId: zed.userId, name: zed.name }, message: 'Call me', data: { words: 'chatMessage' } };
    expect(redactPersonalData(quoting, zed)).toMatchObject({ sender: { name: DELETED_USER_NAME }, message: '' });
    const ordered = { sender: { _id: zed.userId, name: zed.name }, message: 'Zelda Quist ordered "Logo".', data: { words: 'orderPlaced' } };
    expect(redactPersonalData(ordered, zed)).toMatchObject({ message: `${DELETED_USER_NAME} ordered "Logo".` });
  });

  it('leaves a record that is not about them as it is, another person of the same name included', () => {
    expect(redactPersonalData({ sender: { userId: bob, name: 'Zelda Quist' }, content: 'hello' }, zed)).toBeUndefined();
  });

  it('finds the name they went by in the cards that are them', () => {
    const records = [{ sender: { _id: zed.userId, name: 'Zelda Quist' } }, { sender: { _id: bob, name: 'Bob' } }];
    expect(namesIn(records, zed.userId)).toEqual(['Zelda Quist']);
  });
});
