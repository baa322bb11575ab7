import type { MessageSearchHit, SnippetMark } from '@commonwork/contracts';
import { MESSAGE_PARAM } from '../../shared/conversation/messageParam.ts';
import { messagePath } from '../community/channels.ts';

/** Where a hit opens: its channel or conversation, at the message (which is then scrolled to and marked). */
export function hitPath(hit: Pick<MessageSearchHit, 'kind' | 'conversationId' | 'messageId'>): string {
  if (hit.kind === 'channel') return messagePath(hit.conversationId, hit.messageId);
  return `/inbox/${encodeURIComponent(hit.conversationId)}?${MESSAGE_PARAM}=${encodeURIComponent(hit.messageId)}`;
}

/** A piece of a snippet: plain, or a word the search matched. */
export interface SnippetPart {
  text: string;
  marked: boolean;
}

/**
 * A snippet cut into plain and marked pieces, in order; ranges outside the text, empty or
 * overlapping an earlier one are dropped, so a wrong range can never repeat or lose text.
 */
export function snippetParts(text: string, marks: readonly SnippetMark[]): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let at = 0;
  for (const mark of [...marks].sort((a, b) => a.start - b.start)) {
    const end = Math.min(mark.end, text.length);
    if (mark.start < at || end <= mark.start) continue;
    if (mark.start > at) parts.push({ text: text.slice(at, mark.start), marked: false });
    parts.push({ text: text.slice(mark.start, end), marked: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false });
  return parts;
}

/** Whether a key press is typing (in a field or editable text), where '/' is a character, not a shortcut. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
