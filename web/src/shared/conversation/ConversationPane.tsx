import { type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef } from 'react';
import { Composer, type ComposerProps } from './Composer.tsx';
import { hasOlderMessages } from './conversation.ts';
import { DeleteMessageDialog } from './DeleteMessageDialog.tsx';
import { MessageList } from './MessageList.tsx';
import { loadOlderMessages } from './messages.ts';
import type { ConversationKind, ConversationSource, MessageOf } from './source.ts';
import { TypingIndicator } from './TypingIndicator.tsx';
import { useJumpToMessage } from './useJumpToMessage.ts';
import { type MarkReadOptions, useMarkRead } from './useMarkRead.ts';
import { type Person, useMessageActions } from './useMessageActions.ts';
import { type SendOptions, useSendMessage } from './useSendMessage.ts';
import { useTypingNotifier } from './useTyping.ts';

interface ConversationPaneProps<K extends ConversationKind> {
  source: ConversationSource<K>;
  conversationId: string;
  /** The conversation's messages query (useConversationMessages), read by the page too. */
  messages: UseQueryResult<MessageOf<K>[]>;
  /** The area's header: what the conversation is (a channel's name and buttons, the other person and the gig). */
  header: ReactNode;
  userId: string | undefined;
  /** Shown when the conversation has no message yet. */
  emptyText: string;
  /** The load-error line (spec 002 §8), shown with Try Again. */
  errorText: string;
  read: MarkReadOptions;
  send: SendOptions<K>;
  composer: Omit<ComposerProps, 'onSend' | 'sending' | 'onEditLast' | 'onTyping'>;
  /** Who may appear in reactions (a channel's members, a chat's participants), by name. */
  people?: readonly Person[];
  /** The reader may delete anyone's message (a channel's admin); everyone may delete their own. */
  canModerate?: boolean;
}

const NOBODY: readonly Person[] = [];

/**
 * An open conversation, channel or chat: the area's header, the messages (grouped, with times and
 * older pages), and the message box; the messages shown are marked read. Message actions and what
 * the box can carry belong here, once for both areas.
 */
export function ConversationPane<K extends ConversationKind>(props: ConversationPaneProps<K>) {
  const { source, conversationId, messages } = props;
  const queryClient = useQueryClient();
  useMarkRead(source, conversationId, messages.data, props.read);
  const { send, sending } = useSendMessage(source, conversationId, props.send);
  const pane = useRef<HTMLDivElement>(null);
  const typing = useTypingNotifier(source.kind, conversationId);
  useJumpToMessage(source, conversationId, messages.data, pane);
  const { api, editLast, deletion } = useMessageActions(source, conversationId, messages.data, {
    userId: props.userId,
    canModerate: props.canModerate ?? false,
    people: props.people ?? NOBODY,
    // After the dialog has given the focus back to the button it was opened from, which a tombstone no longer has.
    focusComposer: () => setTimeout(() => pane.current?.querySelector<HTMLTextAreaElement>('form textarea')?.focus()),
  });

  return (
    <div ref={pane} className="flex h-full min-w-0 flex-col">
      {props.header}
      <MessageList
        key={conversationId}
        messages={messages.data}
        isLoading={messages.isPending}
        isError={messages.isError}
        onRetry={() => void messages.refetch()}
        onLoadOlder={hasOlderMessages(messages.data) ? () => loadOlderMessages(queryClient, source, conversationId) : undefined}
        userId={props.userId}
        emptyText={props.emptyText}
        errorText={props.errorText}
        actions={api}
        mentionable={props.composer.mentionable}
      />
      <Composer {...props.composer} onSend={send} sending={sending} onEditLast={editLast} onTyping={typing} />
      {/* Its own key: siblings sharing the message list's key left old lists on screen after a switch. */}
      <TypingIndicator key={`typing-${conversationId}`} kind={source.kind} conversationId={conversationId} userId={props.userId} />
      <DeleteMessageDialog message={deletion.message} onClose={deletion.close} onConfirm={deletion.confirm} />
    </div>
  );
}
