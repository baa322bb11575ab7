import { describe, expect, it } from 'vitest';
import { hitPath, snippetParts } from './hits.ts';

const ids = { conversationId: '5df9d933-b78e-40fc-ae18-ffaee9de164a', messageId: '0b5f4a7e-8c1d-4e3b-9a2f-6d7c8e9f0a1b' };

describe('hitPath', () => {
  it('opens a channel hit in the community and a conversation hit in the inbox, at the message', () => {
    expect(hitPath({ kind: 'channel', ...ids })).toBe(`/community?channel=${ids.conversationId}&message=${ids.messageId}`);
    expect(hitPath({ kind: 'chat', ...ids })).toBe(`/inbox/${ids.conversationId}?message=${ids.messageId}`);
  });
});

describe('snippetParts', () => {
  it('cuts a snippet into plain and marked pieces, in order, whatever order the ranges come in', () => {
    expect(
      snippetParts('the deployment failed', [
        { start: 15, end: 21 },
        { start: 4, end: 14 },
      ]),
    ).toEqual([
      { text: 'the ', marked: false },
      { text: 'deployment', marked: true },
      { text: ' ', marked: false },
      { text: 'failed', marked: true },
    ]);
  });

  it('keeps every character once: ranges overlapping, empty or past the end are dropped or cut', () => {
    const parts = snippetParts('abcdef', [
      { start: 1, end: 3 },
      { start: 2, end: 4 },
      { start: 4, end: 4 },
      { start: 5, end: 99 },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe('abcdef');
    expect(parts.filter((p) => p.marked).map((p) => p.text)).toEqual(['bc', 'f']);
  });

  it('returns markup as text (React escapes it), never as markup', () => {
    expect(snippetParts('<b>hi</b>', [])).toEqual([{ text: '<b>hi</b>', marked: false }]);
  });
});
