import type { Attachment, MessageAuthor } from '@commonwork/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { errorMessage } from '../api/index.ts';
import { toast } from '../ui/toast.ts';
import { t } from './locales/index.ts';
import { newClientId, type SendAction, sendReducer } from './optimistic.ts';
import type { ConversationKind, ConversationSource, MessageOf, OutgoingMessage } from './source.ts';

export interface SendOptions<K extends ConversationKind> {
  /** The person sending (null while signed out: nothing is sent). */
  author: MessageAuthor | null;
  /** How a message travels; the source's REST post unless given (channels try the socket first). */
  deliver?: ((conversationId: string, message: OutgoingMessage, clientId: string) => Promise<MessageOf<K>>) | undefined;
}

export interface Sender {
  /** Sends the text and attachments. A promise that rejects gives them back to the box (see Composer). */
  send: (content: string, attachments?: Attachment[]) => Promise<void> | undefined;
  /** True while the box waits for the server (kinds without an optimistic copy). */
  sending: boolean;
}

/**
 * Sends a message into a conversation and keeps its cache and list entry in step. A kind with an
 * optimistic copy (channels, spec 002 §4): the copy at once, the server's message in its place, or on
 * failure the copy removed and 'Failed to send message'. A kind without (the inbox): one message at
 * a time, the box waiting, and on failure the server's sentence (or 'Failed to send message') with
 * the text given back.
 */
export function useSendMessage<K extends ConversationKind>(
  source: ConversationSource<K>,
  conversationId: string | null,
  { author, deliver }: SendOptions<K>,
): Sender {
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);

  const send = useCallback(
    (content: string, attachments: Attachment[] = []) => {
      if (!conversationId || !author) return undefined;
      const key = source.messagesKey(conversationId);
      const dispatch = (action: SendAction<MessageOf<K>>) =>
        queryClient.setQueryData<MessageOf<K>[]>(key, (held) => sendReducer(held ?? [], action));
      const sent = (message: MessageOf<K>) => {
        dispatch({ type: 'sent', message });
        source.updateConversation(queryClient, conversationId, (c) => source.withMessage(c, message, author.id, true));
      };
      const clientId = newClientId();
      const outgoing: OutgoingMessage = { content, attachments };
      const deliverNow = () =>
        deliver ? deliver(conversationId, outgoing, clientId) : source.postMessage(conversationId, outgoing, clientId);

      if (source.pendingMessage) {
        dispatch({
          type: 'sending',
          message: source.pendingMessage({ clientId, conversationId, content, attachments, author, now: new Date() }),
        });
        deliverNow().then(sent, () => {
          dispatch({ type: 'failed', clientId });
          toast.error(t('conversation.sendFailed'));
        });
        return undefined;
      }
      setSending(true);
      return deliverNow()
        .then(sent)
        .then(
          () => setSending(false),
          (error: unknown) => {
            setSending(false);
            toast.error(errorMessage(error, t('conversation.sendFailed')));
            throw error;
          },
        );
    },
    [queryClient, source, conversationId, author, deliver],
  );
  return { send, sending };
}
