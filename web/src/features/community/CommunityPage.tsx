import type { MessageSearchHit } from '@commonwork/contracts';
import { useQueryClient } from '@tanstack/react-query';
import Hash from 'lucide-react/icons/hash';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useConversationMessages } from '../../shared/conversation/index.ts';
import { MESSAGE_PARAM } from '../../shared/conversation/messageParam.ts';
import { useMediaQuery } from '../../shared/hooks/useMediaQuery.ts';
import { toast } from '../../shared/ui/toast.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { MessageSearch } from '../search/MessageSearch.tsx';
import { channelConversations, useChannels } from './api.ts';
import { ChannelList } from './ChannelList.tsx';
import { useChannelMarksLive } from './channelMarks.ts';
import { CHANNEL_PARAM, isChannelAdmin } from './channels.ts';
import { useT } from './locales/index.ts';
import { MembersPanel } from './MembersPanel.tsx';
import { MessagePane } from './MessagePane.tsx';
import { useChannelLive } from './useChannelLive.ts';

// The dialogs (and the form library they use) load when first opened: most visits open neither.
const CreateChannelDialog = lazy(() => import('./CreateChannelDialog.tsx').then((m) => ({ default: m.CreateChannelDialog })));
const ChannelSettingsDialog = lazy(() => import('./ChannelSettingsDialog.tsx').then((m) => ({ default: m.ChannelSettingsDialog })));

/** The channel a join link led to (navigation state from /join/channel/{joinLink}). */
function joinedChannelOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const { channelId } = state as { channelId?: unknown };
  return typeof channelId === 'string' ? channelId : null;
}

/**
 * /community (spec 002 §2, §4): channels with search, Pinned and All Channels, unread counts; the
 * first channel selected after the list loads; live messages with the optimistic send; members
 * online and offline; channel settings with the join link.
 */
export function CommunityPage() {
  const t = useT();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const channelsQuery = useChannels(queryClient);
  const channels = channelsQuery.data;

  // The open channel is in the address (/community?channel={id}): a link opens it, a reload keeps it.
  const chosenId = params.get(CHANNEL_PARAM) ?? joinedChannelOf(location.state);
  const [search, setSearch] = useState('');
  const [createOpen, setCreateOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // The members panel is a column on wide screens (open unless closed) and an overlay on others (closed
  // unless opened). From 1536 px: at 1280 a third column left the messages under half the width.
  const wide = useMediaQuery('(min-width: 1536px)');
  const [membersToggled, setMembersToggled] = useState<boolean | null>(null);
  const membersOpen = membersToggled ?? wide;
  const [mobilePane, setMobilePane] = useState<'list' | 'chat'>(() => (chosenId ? 'chat' : 'list'));
  const [joinLinks, setJoinLinks] = useState<Record<string, string>>({});

  // The chosen channel while it is listed, else the first one (spec 002 §2).
  const selected = channels?.find((c) => c.id === chosenId) ?? channels?.[0] ?? null;
  const messagesQuery = useConversationMessages(queryClient, channelConversations, selected?.id ?? null);
  useChannelLive(selected, user?.id);
  useChannelMarksLive();

  useEffect(() => {
    if (channelsQuery.isError) toast.error(t('community.loadChannelsFailed'));
  }, [channelsQuery.isError, t]);
  // A channel asked for but not listed may be one just joined (an event's, on registering) that a
  // list read earlier lacks: read the list once more before falling back to the first channel.
  const reread = useRef<string | null>(null);
  useEffect(() => {
    if (!chosenId || !channels || channels.some((c) => c.id === chosenId) || reread.current === chosenId) return;
    reread.current = chosenId;
    void channelsQuery.refetch();
  }, [chosenId, channels, channelsQuery]);
  useEffect(() => {
    if (messagesQuery.isError) toast.error(t('community.loadMessagesFailed'));
  }, [messagesQuery.isError, t]);

  const select = (channelId: string) => {
    setParams({ [CHANNEL_PARAM]: channelId }, { replace: true });
    setMobilePane('chat');
  };
  // A channel's hit opens here (on a small screen, its pane); a conversation's follows its link to the inbox.
  const openHit = (hit: MessageSearchHit) => {
    if (hit.kind !== 'channel') return false;
    setParams({ [CHANNEL_PARAM]: hit.conversationId, [MESSAGE_PARAM]: hit.messageId });
    setMobilePane('chat');
    return true;
  };

  return (
    <div className="mx-auto flex h-[calc(100dvh-7.25rem)] min-h-[26rem] max-w-7xl flex-col lg:h-[calc(100dvh-4rem)]">
      <h1 className="sr-only">{t('community.title')}</h1>
      <MessageSearch
        onOpen={openHit}
        channel={selected ? { id: selected.id, name: selected.name } : undefined}
        className="mb-3 w-full self-end sm:w-80"
      />
      <div className="relative flex min-h-0 flex-1 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <aside
          aria-label={t('community.channelList')}
          className={`w-full shrink-0 border-slate-200 md:block md:w-72 md:border-r dark:border-slate-800 ${mobilePane === 'list' ? 'block' : 'hidden'}`}
        >
          <ChannelList
            channels={channels}
            isLoading={channelsQuery.isPending}
            isError={channelsQuery.isError}
            onRetry={() => void channelsQuery.refetch()}
            search={search}
            onSearch={setSearch}
            selectedId={selected?.id ?? null}
            onSelect={select}
            onCreate={() => setCreateOpen(true)}
          />
        </aside>

        <section aria-label={t('community.messages')} className={`min-w-0 flex-1 md:block ${mobilePane === 'chat' ? 'block' : 'hidden'}`}>
          {selected ? (
            <MessagePane
              channel={selected}
              messages={messagesQuery}
              userId={user?.id}
              author={user ? { id: user.id, name: user.name, picture: user.picture } : null}
              membersOpen={membersOpen}
              onToggleMembers={() => setMembersToggled(!membersOpen)}
              onOpenSettings={() => {
                // Counts and members move without events of their own: the dialog shows fresh ones.
                void channelsQuery.refetch();
                setSettingsOpen(true);
              }}
              onBack={() => setMobilePane('list')}
            />
          ) : (
            <div className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center text-slate-500 dark:text-slate-400">
              <Hash className="h-10 w-10 opacity-40" aria-hidden="true" />
              <p className="text-sm">{channelsQuery.isPending ? t('community.loadingChannels') : t('community.selectChannel')}</p>
            </div>
          )}
        </section>

        {selected && membersOpen && (wide || mobilePane === 'chat') && (
          <aside
            aria-label={t('community.channelMembers')}
            className="absolute inset-y-0 right-0 z-10 w-64 border-l border-slate-200 bg-white shadow-xl 2xl:static 2xl:w-60 2xl:shadow-none dark:border-slate-800 dark:bg-slate-900"
          >
            <MembersPanel channel={selected} userId={user?.id} onClose={() => setMembersToggled(false)} />
          </aside>
        )}
      </div>

      <Suspense fallback={null}>
        {createOpen && (
          <CreateChannelDialog
            open
            onClose={() => setCreateOpen(false)}
            onCreated={(channel) => {
              setCreateOpen(false);
              select(channel.id);
            }}
          />
        )}
        {selected && settingsOpen && (
          <ChannelSettingsDialog
            channel={selected}
            open
            onClose={() => setSettingsOpen(false)}
            isAdmin={isChannelAdmin(selected, user?.id)}
            joinLink={joinLinks[selected.id]}
            onJoinLink={(link) => setJoinLinks((links) => ({ ...links, [selected.id]: link }))}
          />
        )}
      </Suspense>
    </div>
  );
}
