import { type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Composer, type ComposerProps } from './Composer.tsx';
import { hasOlderMessages } from './conversation.ts';
import { MessageList } from './MessageList.tsx';
import { loadOlderMessages } from './messages.ts';
import type { ConversationKind, ConversationSource, MessageOf } from './source.ts';
import { type MarkReadOptions, useMarkRead } from './useMarkRead.ts';
import { type SendOptions, useSendMessage } from './useSendMessage.ts';

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
  composer: Omit<ComposerProps, 'onSend' | 'sending'>;
}

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

  return (
    <div className="flex h-full min-w-0 flex-col">
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
      />
      <Composer {...props.composer} onSend={send} sending={sending} />
    </div>
  );
}
