import { MESSAGE_SEARCH_MAX, type MessageSearchHit, TIMINGS } from '@commonwork/contracts';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import Search from 'lucide-react/icons/search';
import { type MouseEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue.ts';
import { buttonSecondarySmall } from '../../shared/ui/classes.ts';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { useMessageSearch } from './api.ts';
import { isTyping } from './hits.ts';
import { useT } from './locales/index.ts';
import { SearchHit } from './SearchHit.tsx';

interface MessageSearchProps {
  /**
   * Opens a hit in place instead of following its link (the community shows a channel's hit without
   * leaving the page, its small-screen pane too); answers false to let the link be followed.
   */
  onOpen?: (hit: MessageSearchHit) => boolean;
  /** The open channel: the results offer to keep to it. */
  channel?: { id: string; name: string } | undefined;
  className?: string;
}

/** '/' (outside a field) or Ctrl+K / ⌘K puts the focus in the search box, as in Slack and GitHub. */
function useSearchShortcut(input: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target);
      const k = event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey;
      if (!slash && !k) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [input]);
}

/** Up and Down move through the hits (and from the box to the first), as in a list of results. */
function moveFocus(event: globalThis.KeyboardEvent, root: HTMLElement | null) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const hits = [...(root?.querySelectorAll<HTMLElement>('[data-search-hit]') ?? [])];
  if (hits.length === 0) return;
  event.preventDefault();
  const at = hits.indexOf(document.activeElement as HTMLElement);
  const next = event.key === 'ArrowDown' ? Math.min(at + 1, hits.length - 1) : at - 1;
  if (next < 0) root?.querySelector<HTMLInputElement>('input')?.focus();
  else hits[next]?.focus();
}

/**
 * Message search (GET /api/chat/search) over every channel the person may read and their
 * conversations: results as they type (after 300 ms), newest first, with the matched words marked,
 * Load more, and its loading, empty and error states. Escape or a click outside closes the results.
 */
export function MessageSearch({ onOpen, channel, className = '' }: MessageSearchProps) {
  const t = useT();
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  const q = useDebouncedValue(value.trim(), TIMINGS.suggestionDebounceMs);
  const [onlyChannel, setOnlyChannel] = useState(false);
  const search = useMessageSearch(q, onlyChannel ? channel?.id : undefined);
  useSearchShortcut(input);

  // Escape closes the results; the arrows move through them. On the element, not in JSX: a wrapper is no control.
  useEffect(() => {
    const element = root.current;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && element?.querySelector('section:not([hidden])')) {
        event.preventDefault();
        setOpen(false);
        input.current?.focus();
      } else moveFocus(event, element);
    };
    element?.addEventListener('keydown', onKey);
    return () => element?.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const typed = value.trim();
  const shown = open && typed.length > 0;
  // While the words typed are not yet those searched, the results on screen are not theirs.
  const waiting = typed !== q || search.isPending;
  const pages = search.data?.pages ?? [];
  const hits = pages.flatMap((page) => page.data.hits);

  const choose = (hit: MessageSearchHit, event: MouseEvent) => {
    setOpen(false);
    if (onOpen?.(hit)) event.preventDefault();
  };

  return (
    <div ref={root} className={`relative ${className}`}>
      <label htmlFor={`${id}-input`} className="sr-only">
        {t('search.label')}
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
      <input
        ref={input}
        id={`${id}-input`}
        type="search"
        value={value}
        maxLength={MESSAGE_SEARCH_MAX}
        autoComplete="off"
        placeholder={t('search.placeholder')}
        title={t('search.shortcut')}
        aria-keyshortcuts="/ Control+K Meta+K"
        aria-controls={`${id}-results`}
        onChange={(event) => {
          setValue(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        className="block w-full rounded-xl border border-slate-300 bg-white py-2 pr-9 pl-9 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-green-500 focus:ring-2 focus:ring-green-500/30 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      />
      {!value && (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 hidden -translate-y-1/2 rounded border border-slate-300 px-1.5 text-xs text-slate-400 sm:block dark:border-slate-600"
        >
          /
        </span>
      )}
      <section
        id={`${id}-results`}
        aria-label={t('search.results')}
        hidden={!shown}
        className="absolute right-0 z-30 mt-2 max-h-[min(70vh,32rem)] w-full overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-xl sm:w-[28rem] dark:border-slate-700 dark:bg-slate-900"
      >
        {shown && channel && (
          <div className="px-3 pt-2 pb-1">
            <button
              type="button"
              aria-pressed={onlyChannel}
              onClick={() => setOnlyChannel(!onlyChannel)}
              className={`max-w-full truncate rounded-full border px-2.5 py-0.5 text-xs font-medium transition ${
                onlyChannel
                  ? 'border-green-600 bg-green-50 text-green-800 dark:border-green-500 dark:bg-green-500/15 dark:text-green-200'
                  : 'border-slate-300 text-slate-600 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-300 dark:hover:bg-slate-800'
              }`}
            >
              {t('search.onlyIn', { name: channel.name })}
            </button>
          </div>
        )}
        {shown && waiting && (
          <p role="status" className="flex items-center gap-2 px-3 py-4 text-sm text-slate-500 dark:text-slate-400">
            <Spinner className="h-4 w-4" />
            {t('search.searching')}
          </p>
        )}
        {shown && !waiting && search.isError && hits.length === 0 && (
          <div role="alert" className="flex flex-col items-start gap-2 px-3 py-4">
            <p className="text-sm text-red-600 dark:text-red-400">{t('search.failed')}</p>
            <button type="button" onClick={() => void search.refetch()} className={buttonSecondarySmall}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" />
              {t('search.tryAgain')}
            </button>
          </div>
        )}
        {shown && !waiting && !search.isError && hits.length === 0 && (
          <p role="status" className="px-3 py-4 text-sm text-slate-500 dark:text-slate-400">
            {t('search.empty', { query: q })}
          </p>
        )}
        {shown && !waiting && hits.length > 0 && (
          <>
            {pages[0]?.data.approximate && (
              <p role="status" className="px-3 pt-2 pb-1 text-xs text-slate-500 dark:text-slate-400">
                {t('search.approximate')}
              </p>
            )}
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {hits.map((hit) => (
                <li key={hit.messageId}>
                  <SearchHit hit={hit} onChoose={choose} />
                </li>
              ))}
            </ul>
            {search.hasNextPage && (
              <div className="px-3 py-2">
                <button
                  type="button"
                  onClick={() => void search.fetchNextPage()}
                  disabled={search.isFetchingNextPage}
                  className={`${buttonSecondarySmall} w-full justify-center`}
                >
                  {search.isFetchingNextPage && <Spinner className="h-4 w-4" />}
                  {t('search.loadMore')}
                </button>
              </div>
            )}
          </>
        )}
      </section>
    </div>
  );
}
