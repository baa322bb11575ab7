import { useQueryClient } from '@tanstack/react-query';
import MessageSquare from 'lucide-react/icons/message-square';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useAuth } from '../auth/AuthProvider.tsx';
import { MessageSearch } from '../search/MessageSearch.tsx';
import { useChats } from './api.ts';
import { ChatList } from './ChatList.tsx';
import { ChatView } from './ChatView.tsx';
import { useT } from './locales/index.ts';
import { useInboxLive } from './useInboxLive.ts';

/**
 * /inbox and /inbox/{chatId} (spec 002 §2): the conversation list beside the open conversation on
 * wide screens; one or the other on small ones.
 */
export function InboxPage() {
  const t = useT();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const { chatId = null } = useParams();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const chatsQuery = useChats(queryClient, page);
  useInboxLive(chatId, user?.id);

  return (
    <div className="mx-auto flex h-[calc(100dvh-7.25rem)] min-h-[26rem] max-w-6xl flex-col lg:h-[calc(100dvh-4rem)]">
      <h1 className="sr-only">{t('inbox.title')}</h1>
      <MessageSearch className="mb-3 w-full self-end sm:w-80" />
      <div className="flex min-h-0 flex-1 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <aside
          aria-label={t('inbox.conversationList')}
          className={`w-full shrink-0 border-slate-200 lg:block lg:w-80 lg:border-r dark:border-slate-800 ${chatId ? 'hidden' : 'block'}`}
        >
          <ChatList
            chats={chatsQuery.data?.chats}
            page={page}
            totalPages={chatsQuery.data?.pagination.totalPages ?? 1}
            onPage={setPage}
            isLoading={chatsQuery.isPending}
            isError={chatsQuery.isError}
            onRetry={() => void chatsQuery.refetch()}
            search={search}
            onSearch={setSearch}
            openChatId={chatId}
            userId={user?.id}
          />
        </aside>
        <section aria-label={t('inbox.conversation')} className={`min-w-0 flex-1 lg:block ${chatId ? 'block' : 'hidden'}`}>
          {chatId ? (
            <ChatView key={chatId} chatId={chatId} author={user ? { id: user.id, name: user.name, picture: user.picture } : null} />
          ) : (
            <div className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center text-slate-500 dark:text-slate-400">
              <MessageSquare className="h-10 w-10 opacity-40" aria-hidden="true" />
              <p className="text-sm">{t('inbox.selectConversation')}</p>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
