import type { Chat } from '@commonwork/contracts';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Inbox from 'lucide-react/icons/inbox';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import { Link } from 'react-router-dom';
import { ConversationList, UnreadBadge } from '../../shared/conversation/index.ts';
import { formatTimeLabel } from '../../shared/format/index.ts';
import { useNow } from '../../shared/hooks/useNow.ts';
import { Avatar } from '../../shared/ui/Avatar.tsx';
import { buttonPrimary, buttonSecondarySmall } from '../../shared/ui/classes.ts';
import { byLatestActivity, chatMatches, lastMessagePreview, otherParticipant, pageLabel } from './chats.ts';
import { useT } from './locales/index.ts';

interface ChatListProps {
  chats: Chat[] | undefined;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  search: string;
  onSearch: (value: string) => void;
  openChatId: string | null;
  userId: string | undefined;
}

/** Time labels move on while the list is open. */
const CLOCK_MS = 60_000;

function ChatRow({ chat, open, userId, now }: { chat: Chat; open: boolean; userId: string | undefined; now: Date | null }) {
  const t = useT();
  const other = otherParticipant(chat, userId);
  const preview = lastMessagePreview(chat, userId);
  const unread = open ? 0 : chat.unreadCount;
  return (
    <li>
      <Link
        to={`/inbox/${encodeURIComponent(chat.id)}`}
        aria-current={open ? 'page' : undefined}
        className={`flex gap-3 rounded-xl px-3 py-3 transition ${
          open ? 'bg-green-50 dark:bg-green-950/50' : 'hover:bg-slate-50 dark:hover:bg-slate-800/60'
        }`}
      >
        <Avatar name={other?.name} picture={other?.picture} className="h-11 w-11 text-sm" />
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-2">
            <span
              title={other?.name}
              className={`truncate text-sm text-slate-900 dark:text-white ${unread ? 'font-bold' : 'font-semibold'}`}
            >
              {other?.name ?? t('inbox.conversation')}
            </span>
            <time dateTime={chat.lastActivity} className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
              {now && formatTimeLabel(chat.lastActivity, now)}
            </time>
          </div>
          <span
            title={t('inbox.about', { title: chat.gigId.title })}
            className="mt-0.5 inline-block max-w-full truncate rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800 align-top dark:bg-green-950 dark:text-green-300"
          >
            {t('inbox.about', { title: chat.gigId.title })}
          </span>
          <div className="mt-1 flex items-center gap-2">
            <p
              title={preview || undefined}
              className={`min-w-0 flex-1 truncate text-sm ${
                unread ? 'font-medium text-slate-800 dark:text-slate-100' : 'text-slate-500 dark:text-slate-400'
              }`}
            >
              {preview || <span className="italic">{t('inbox.noMessages')}</span>}
            </p>
            <UnreadBadge count={unread} />
          </div>
        </div>
      </Link>
    </li>
  );
}

/** The conversation list (spec 002 §2): search, unread badges, relative times, paging, the empty state. */
export function ChatList(props: ChatListProps) {
  const t = useT();
  const { chats, search, userId } = props;
  const now = useNow(CLOCK_MS);
  const shown = byLatestActivity(chats ?? []).filter((chat) => chatMatches(chat, search, userId));

  return (
    <ConversationList
      title={t('inbox.title')}
      listLabel={t('inbox.conversations')}
      search={search}
      onSearch={props.onSearch}
      searchLabel={t('inbox.search')}
      searchPlaceholder={t('inbox.searchPlaceholder')}
      loadingLabel={t('inbox.loading')}
      isLoading={props.isLoading}
      isError={props.isError && !chats}
      errorText={t('inbox.fetchChatsFailed')}
      onRetry={props.onRetry}
      isEmpty={chats?.length === 0}
      empty={
        <div className="flex flex-col items-center gap-3 px-4 py-10 text-center">
          <Inbox className="h-10 w-10 text-slate-300 dark:text-slate-600" aria-hidden="true" />
          <p className="font-semibold text-slate-800 dark:text-slate-100">{t('inbox.empty')}</p>
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('inbox.emptyHint')}</p>
          <Link to="/marketplace" className={buttonPrimary}>
            <ShoppingBag className="h-4 w-4" aria-hidden="true" />
            {t('inbox.browseMarketplace')}
          </Link>
        </div>
      }
      noMatch={Boolean(chats && chats.length > 0 && shown.length === 0)}
      noMatchText={t('inbox.noMatch')}
      footer={
        chats &&
        chats.length > 0 && (
          <div className="flex items-center justify-between gap-2 border-t border-slate-200 px-3 py-2 dark:border-slate-800">
            <button type="button" className={buttonSecondarySmall} onClick={() => props.onPage(props.page - 1)} disabled={props.page <= 1}>
              <ChevronLeft className="h-4 w-4" aria-hidden="true" />
              {t('inbox.previous')}
            </button>
            <span className="whitespace-nowrap text-xs text-slate-500 dark:text-slate-400">{pageLabel(props.page, props.totalPages)}</span>
            <button
              type="button"
              className={buttonSecondarySmall}
              onClick={() => props.onPage(props.page + 1)}
              disabled={props.page >= props.totalPages}
            >
              {t('inbox.next')}
              <ChevronRight className="h-4 w-4" aria-hidden="true" />
            </button>
          </div>
        )
      }
    >
      {shown.length > 0 && (
        <ul className="space-y-0.5">
          {shown.map((chat) => (
            <ChatRow key={chat.id} chat={chat} open={chat.id === props.openChatId} userId={userId} now={now} />
          ))}
        </ul>
      )}
    </ConversationList>
  );
}
