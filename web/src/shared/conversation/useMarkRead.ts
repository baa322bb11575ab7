import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useDocumentVisible } from '../socket/index.ts';
import { lastSequenceOf, type Sequenced, withReadPosition } from './conversation.ts';
import type { ConversationKind, ConversationSource } from './source.ts';

export interface MarkReadOptions {
  /** Whether the person's reading counts (a visitor of a public channel has no read position). */
  canRead: boolean;
  /** The read position the list holds, when it holds the conversation: nothing is sent while it is not behind. */
  readSequence?: number | undefined;
}

/**
 * Spec 002 §4: while a conversation is open and the tab visible, the messages shown are read. The
 * badge drops at once and `PATCH …/read {sequence}` tells the server (and the person's other devices).
 */
export function useMarkRead<K extends ConversationKind>(
  source: ConversationSource<K>,
  conversationId: string | null,
  messages: readonly Sequenced[] | undefined,
  { canRead, readSequence }: MarkReadOptions,
): void {
  const queryClient = useQueryClient();
  const visible = useDocumentVisible();
  const requested = useRef(new Map<string, number>());
  const shown = messages ? lastSequenceOf(messages) : null;
  const behind = canRead && shown !== null && (readSequence === undefined || shown > readSequence);

  useEffect(() => {
    if (!conversationId || shown === null || !behind || !visible) return;
    if ((requested.current.get(conversationId) ?? -1) >= shown) return;
    requested.current.set(conversationId, shown);
    source.updateConversation(queryClient, conversationId, (c) => withReadPosition(c, { readSequence: shown, unreadCount: 0 }));
    source.markRead(conversationId, shown).then(
      (read) => source.updateConversation(queryClient, conversationId, (c) => withReadPosition(c, read)),
      (error: unknown) => {
        requested.current.delete(conversationId);
        console.warn('Could not mark the conversation read', error);
      },
    );
  }, [source, conversationId, behind, visible, shown, queryClient]);
}
