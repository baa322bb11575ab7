import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { firstSequenceOf } from './conversation.ts';
import { MESSAGE_PARAM } from './messageParam.ts';
import { loadOlderMessages } from './messages.ts';
import type { ConversationKind, ConversationSource, MessageOf } from './source.ts';

/** How long a message shown this way stays marked. */
const HIGHLIGHT_MS = 2500;
/** The mark: a ring, so it shows over whatever background the message has (a mention's, a hover's). */
const HIGHLIGHT = ['ring-2', 'ring-inset', 'ring-amber-400', 'bg-amber-100/70', 'dark:bg-amber-400/20'];

/** Marks a message's row for a moment, scrolled to the middle and focused (so a screen reader reads it). */
function showMessage(row: HTMLElement) {
  row.scrollIntoView({ block: 'center' });
  row.setAttribute('tabindex', '-1');
  // Focused for a screen reader, not for the eye: the mark shows where it is.
  row.classList.add('outline-none');
  row.focus({ preventScroll: true });
  row.classList.add(...HIGHLIGHT);
  window.setTimeout(() => row.classList.remove(...HIGHLIGHT), HIGHLIGHT_MS);
}

/**
 * Opens the conversation at the message `?message={id}` (MESSAGE_PARAM) names: older pages are loaded, one after
 * another, until it is held (the list stays contiguous, as the catch-up and older-page rules need:
 * a window far back would leave a hole no one sees), then it is scrolled to and marked, and the
 * parameter leaves the address, so the same link may be followed again. A message that is not in
 * the conversation (every page loaded without it) leaves the conversation at its newest message.
 */
export function useJumpToMessage<K extends ConversationKind>(
  source: ConversationSource<K>,
  conversationId: string,
  messages: readonly MessageOf<K>[] | undefined,
  pane: RefObject<HTMLElement | null>,
) {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const target = params.get(MESSAGE_PARAM);
  // State, not a ref: the end of a load looks again, whether or not its page changed the messages.
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!target || !messages || loading) return;
    const done = () =>
      setParams(
        (now) => {
          const next = new URLSearchParams(now);
          next.delete(MESSAGE_PARAM);
          return next;
        },
        { replace: true },
      );
    if (messages.some((message) => message._id === target)) {
      // After the list has drawn what it was just given (and scrolled to its end on opening).
      const frame = window.requestAnimationFrame(() => {
        const row = pane.current?.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(target)}"]`);
        if (row) showMessage(row);
        done();
      });
      return () => window.cancelAnimationFrame(frame);
    }
    if (firstSequenceOf(messages) <= 1) {
      done();
      return;
    }
    setLoading(true);
    loadOlderMessages(queryClient, source, conversationId)
      .catch(done)
      .finally(() => setLoading(false));
  }, [target, messages, loading, queryClient, source, conversationId, pane, setParams]);
}
