import type { Chat, ChatMessage } from '@commonwork/contracts';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../shared/api/index.ts';
import { hasOlderMessages } from '../../shared/conversation/index.ts';
import { Avatar } from '../../shared/ui/Avatar.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { Composer } from '../community/Composer.tsx';
import { MessageList } from '../community/MessageList.tsx';
import { newClientId } from '../community/optimistic.ts';
import { addChatMessages, chatKey, loadOlderChatMessages, postChatMessage, updateChat, useChatMessages } from './api.ts';
import { otherParticipant, withChatMessage } from './chats.ts';
import { useT } from './locales/index.ts';
import { useMarkChatRead } from './useMarkChatRead.ts';

/** The person on the other side: from the conversation's card, else from a message they sent. */
function counterpart(chat: Chat | undefined, messages: ChatMessage[] | undefined, userId: string | undefined) {
  if (chat) return otherParticipant(chat, userId);
  const theirs = messages?.find((m) => m.sender._id !== userId);
  return theirs ? theirs.sender : null;
}

/** /inbox/{chatId}: the messages with their senders, and a send form that sends one message at a time. */
export function ChatView({ chatId, userId }: { chatId: string; userId: string | undefined }) {
  const t = useT();
  const queryClient = useQueryClient();
  // The conversation's card, as a list page or its creation left it (no request of its own).
  const { data: chat } = useQuery<Chat>({ queryKey: chatKey(chatId), queryFn: skipToken });
  const messagesQuery = useChatMessages(queryClient, chatId);
  useMarkChatRead(chatId, messagesQuery.data);

  const send = useMutation({
    mutationFn: (content: string) => postChatMessage(chatId, content, newClientId()),
    onSuccess: (message) => {
      addChatMessages(queryClient, chatId, [message]);
      updateChat(queryClient, chatId, (c) => withChatMessage(c, message, userId, true));
    },
    onError: (error) => toast.error(errorMessage(error, t('inbox.sendFailed'))),
  });

  const other = counterpart(chat, messagesQuery.data, userId);
  return (
    <div className="flex h-full min-w-0 flex-col">
      <header className="flex items-center gap-3 border-b border-slate-200 px-3 py-2.5 sm:px-4 dark:border-slate-800">
        <Link
          to="/inbox"
          aria-label={t('inbox.back')}
          className="rounded-lg p-1.5 text-slate-500 dark:text-slate-400 hover:bg-slate-100 lg:hidden dark:hover:bg-slate-800"
        >
          <ArrowLeft className="h-5 w-5" aria-hidden="true" />
        </Link>
        <Avatar name={other?.name} picture={other?.picture} className="h-10 w-10 text-sm" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-bold text-slate-900 dark:text-white" title={other?.name}>
            {other?.name ?? t('inbox.conversation')}
          </h2>
          {chat && (
            <span
              title={t('inbox.about', { title: chat.gigId.title })}
              className="inline-block max-w-full truncate rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800 align-top dark:bg-green-950 dark:text-green-300"
            >
              {t('inbox.about', { title: chat.gigId.title })}
            </span>
          )}
        </div>
      </header>
      <MessageList
        key={chatId}
        messages={messagesQuery.data}
        isLoading={messagesQuery.isPending}
        isError={messagesQuery.isError}
        onRetry={() => void messagesQuery.refetch()}
        onLoadOlder={hasOlderMessages(messagesQuery.data) ? () => loadOlderChatMessages(queryClient, chatId) : undefined}
        userId={userId}
        emptyText={t('inbox.emptyChat')}
        errorText={t('inbox.fetchMessagesFailed')}
      />
      <Composer
        onSend={(content) => send.mutateAsync(content)}
        sending={send.isPending}
        placeholder={other ? t('inbox.messageTo', { name: other.name }) : t('inbox.typeMessage')}
        label={t('inbox.message')}
      />
    </div>
  );
}
