import type { Channel } from '@commonwork/contracts';
import Hash from 'lucide-react/icons/hash';
import Lock from 'lucide-react/icons/lock';
import Plus from 'lucide-react/icons/plus';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import Search from 'lucide-react/icons/search';
import { buttonSecondary, buttonSecondarySmall, inputClass } from '../../shared/ui/classes.ts';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { channelSections } from './channels.ts';
import { useT } from './locales/index.ts';

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

function UnreadBadge({ count }: { count: number }) {
  const t = useT();
  if (count <= 0) return null;
  return (
    <span className="ml-auto rounded-full bg-green-700 px-2 py-0.5 text-xs font-semibold text-white">
      {count > 99 ? '99+' : count}
      <span className="sr-only"> {t('community.list.unread')}</span>
    </span>
  );
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
        {/* The open channel is being read: its count drops as soon as the read is marked. */}
        <UnreadBadge count={selected ? 0 : channel.unreadCount} />
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
  const { pinned, all } = channelSections(channels ?? [], search);
  const nothingFound = channels && channels.length > 0 && pinned.length + all.length === 0;

  return (
    <div className="flex h-full flex-col">
      <div className="space-y-3 border-b border-slate-200 p-4 dark:border-slate-800">
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-lg font-bold text-slate-900 dark:text-white">{t('community.list.channels')}</h2>
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
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
          <input
            type="search"
            value={search}
            onChange={(event) => onSearch(event.target.value)}
            placeholder={t('community.list.searchPlaceholder')}
            aria-label={t('community.list.search')}
            className={`${inputClass} pl-9`}
          />
        </div>
      </div>
      <nav aria-label={t('community.list.channels')} className="flex-1 space-y-4 overflow-y-auto p-2">
        {props.isLoading && (
          <div className="flex justify-center py-8" role="status" aria-label={t('community.list.loading')}>
            <Spinner />
          </div>
        )}
        {props.isError && !channels && (
          <div className="space-y-3 px-3 py-6 text-center text-sm text-slate-500 dark:text-slate-400">
            <p>{t('community.list.loadFailed')}</p>
            <button type="button" onClick={props.onRetry} className={buttonSecondary}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" />
              {t('community.tryAgain')}
            </button>
          </div>
        )}
        {channels && channels.length === 0 && (
          <div className="space-y-3 px-3 py-6 text-center text-sm text-slate-500 dark:text-slate-400">
            <p>{t('community.list.none')}</p>
            <button type="button" onClick={onCreate} className={buttonSecondary}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              {t('community.createChannel')}
            </button>
          </div>
        )}
        {nothingFound && <p className="px-3 py-6 text-center text-sm text-slate-500 dark:text-slate-400">{t('community.list.noMatch')}</p>}
        <Section title={t('community.list.pinned')} channels={pinned} selectedId={selectedId} onSelect={onSelect} />
        <Section title={t('community.list.all')} channels={all} selectedId={selectedId} onSelect={onSelect} />
      </nav>
    </div>
  );
}
