import type { Chat, ChatMessage, MessageAuthor } from '@commonwork/contracts';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { Link } from 'react-router-dom';
import { ConversationPane, useConversationMessages } from '../../shared/conversation/index.ts';
import { Avatar } from '../../shared/ui/Avatar.tsx';
import { chatConversations, chatKey } from './api.ts';
import { otherParticipant } from './chats.ts';
import { useT } from './locales/index.ts';

/** The person on the other side: from the conversation's card, else from a message they sent. */
function counterpart(chat: Chat | undefined, messages: ChatMessage[] | undefined, userId: string | undefined) {
  if (chat) return otherParticipant(chat, userId);
  const theirs = messages?.find((m) => m.sender._id !== userId);
  return theirs ? theirs.sender : null;
}

/** /inbox/{chatId}: the other person and the gig, then the shared conversation pane (one message sent at a time). */
export function ChatView({ chatId, author }: { chatId: string; author: MessageAuthor | null }) {
  const t = useT();
  const queryClient = useQueryClient();
  const userId = author?.id;
  // The conversation's card, as a list page or its creation left it (no request of its own).
  const { data: chat } = useQuery<Chat>({ queryKey: chatKey(chatId), queryFn: skipToken });
  const messagesQuery = useConversationMessages(queryClient, chatConversations, chatId);

  const other = counterpart(chat, messagesQuery.data, userId);
  const header = (
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
  );
  return (
    <ConversationPane
      source={chatConversations}
      conversationId={chatId}
      messages={messagesQuery}
      header={header}
      userId={userId}
      emptyText={t('inbox.emptyChat')}
      errorText={t('inbox.fetchMessagesFailed')}
      // The card may not be held (a link opened cold): opening the chat marks what it shows read.
      read={{ canRead: true }}
      people={chat?.participants}
      send={{ author }}
      composer={{
        placeholder: other ? t('inbox.messageTo', { name: other.name }) : t('inbox.typeMessage'),
        label: t('inbox.message'),
      }}
    />
  );
}
