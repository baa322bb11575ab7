import type { Channel } from '@commonwork/contracts';
import Hash from 'lucide-react/icons/hash';
import Lock from 'lucide-react/icons/lock';
import Plus from 'lucide-react/icons/plus';
import Star from 'lucide-react/icons/star';
import { useState } from 'react';
import { ConversationList, UnreadBadge } from '../../shared/conversation/index.ts';
import { MentionBadge } from '../../shared/conversation/mentions/MentionBadge.tsx';
import { buttonSecondary, buttonSecondarySmall } from '../../shared/ui/classes.ts';
import { channelSections } from './channels.ts';
import { useT } from './locales/index.ts';

/** The Starred filter while on: the same button, tinted like the star it shows. */
const filterOn = buttonSecondarySmall
  .replace('border-slate-300 bg-white', 'border-amber-400 bg-amber-50')
  .replace('dark:border-slate-600 dark:bg-slate-800', 'dark:border-amber-500/70 dark:bg-amber-950/40');

interface ChannelListProps {
  channels: Channel[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  search: string;
  onSearch: (value: string) => void;
  selectedId: string | null;
  onSelect: (channelId: string) => void;
  onCreate: () => void;
}

function ChannelRow({ channel, selected, onSelect }: { channel: Channel; selected: boolean; onSelect: (id: string) => void }) {
  const Icon = channel.type === 'private' ? Lock : Hash;
  const unread = !selected && channel.unreadCount > 0;
  return (
    <li>
      <button
        type="button"
        onClick={() => onSelect(channel.id)}
        aria-current={selected ? 'true' : undefined}
        className={`flex w-full items-start gap-2 rounded-lg px-3 py-2 text-left text-sm transition ${
          selected
            ? 'bg-green-50 font-semibold text-green-800 dark:bg-green-950/60 dark:text-green-200'
            : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
        }`}
      >
        <Icon className="mt-0.5 h-4 w-4 shrink-0 opacity-70" aria-hidden="true" />
        <span className={`min-w-0 break-words ${unread ? 'font-semibold text-slate-900 dark:text-white' : ''}`}>{channel.name}</span>
        {/* The open channel is being read: its counts drop as soon as the read is marked. */}
        <span className="ml-auto flex shrink-0 items-center gap-1">
          <MentionBadge count={selected ? 0 : channel.mentionCount} />
          <UnreadBadge count={selected ? 0 : channel.unreadCount} />
        </span>
      </button>
    </li>
  );
}

function Section({
  title,
  channels,
  selectedId,
  onSelect,
}: {
  title: string;
  channels: Channel[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  if (channels.length === 0) return null;
  return (
    <section aria-label={title}>
      <h3 className="mb-1 px-3 text-xs font-semibold uppercase tracking-wider text-slate-500 dark:text-slate-400">{title}</h3>
      <ul className="space-y-0.5">
        {channels.map((channel) => (
          <ChannelRow key={channel.id} channel={channel} selected={channel.id === selectedId} onSelect={onSelect} />
        ))}
      </ul>
    </section>
  );
}

/** The channel list (spec 002 §2): search by name, Pinned and All Channels, an unread count per channel. */
export function ChannelList(props: ChannelListProps) {
  const t = useT();
  const { channels, search, onSearch, selectedId, onSelect, onCreate } = props;
  // The Starred filter (issue 29): a toggle beside the title, for this visit only.
  const [starredOnly, setStarredOnly] = useState(false);
  const { pinned, all } = channelSections(channels ?? [], search, starredOnly);
  const nothingFound = channels && channels.length > 0 && pinned.length + all.length === 0;

  return (
    <ConversationList
      title={t('community.list.channels')}
      listLabel={t('community.list.channels')}
      action={
        <div className="flex items-center gap-2">
          <button
            type="button"
            onClick={() => setStarredOnly(!starredOnly)}
            aria-pressed={starredOnly}
            className={starredOnly ? filterOn : buttonSecondarySmall}
          >
            <Star className={`h-4 w-4 ${starredOnly ? 'fill-amber-400 text-amber-500' : ''}`} aria-hidden="true" />
            {t('community.list.starred')}
          </button>
          <button
            type="button"
            onClick={onCreate}
            className={buttonSecondarySmall}
            aria-label={t('community.list.createChannel')}
            title={t('community.list.createChannel')}
          >
            <Plus className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      }
      search={search}
      onSearch={onSearch}
      searchLabel={t('community.list.search')}
      searchPlaceholder={t('community.list.searchPlaceholder')}
      loadingLabel={t('community.list.loading')}
      isLoading={props.isLoading}
      isError={props.isError && !channels}
      errorText={t('community.list.loadFailed')}
      onRetry={props.onRetry}
      isEmpty={channels?.length === 0}
      empty={
        <div className="space-y-3 px-3 py-6 text-center text-sm text-slate-500 dark:text-slate-400">
          <p>{t('community.list.none')}</p>
          <button type="button" onClick={onCreate} className={buttonSecondary}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            {t('community.createChannel')}
          </button>
        </div>
      }
      noMatch={Boolean(nothingFound)}
      noMatchText={starredOnly ? t('community.list.noStarred') : t('community.list.noMatch')}
    >
      <Section title={t('community.list.pinned')} channels={pinned} selectedId={selectedId} onSelect={onSelect} />
      <Section title={t('community.list.all')} channels={all} selectedId={selectedId} onSelect={onSelect} />
    </ConversationList>
  );
}
