import RefreshCw from 'lucide-react/icons/refresh-cw';
import Search from 'lucide-react/icons/search';
import type { ReactNode } from 'react';
import { buttonSecondary, inputClass } from '../ui/classes.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { useT } from './locales/index.ts';

interface ConversationListProps {
  /** The list's heading. */
  title: string;
  /** The name of the navigation that holds the rows ('Channels', 'Conversations'). */
  listLabel: string;
  /** Beside the heading (the community's Create channel). */
  action?: ReactNode;
  search: string;
  onSearch: (value: string) => void;
  searchLabel: string;
  searchPlaceholder: string;
  /** The loading indicator's name ('Loading channels'). */
  loadingLabel: string;
  isLoading: boolean;
  /** The list could not be read and nothing is held: `errorText` with Try Again. */
  isError: boolean;
  errorText: string;
  onRetry: () => void;
  /** Shown when there is no conversation at all (each area says what to do next). */
  empty: ReactNode;
  isEmpty: boolean;
  /** Shown when conversations exist but none matches the search. */
  noMatchText: string;
  noMatch: boolean;
  /** The rows (or the sections of rows). */
  children: ReactNode;
  /** Under the list (the inbox's pager). */
  footer?: ReactNode;
}

/**
 * The frame of a conversation list (spec 002 §2), channels and chats alike: the heading, search, the
 * loading, error, empty and no-match states, then the rows each area draws with its own details.
 */
export function ConversationList(props: ConversationListProps) {
  const t = useT();
  return (
    <div className="flex h-full flex-col">
      <div className="space-y-3 border-b border-slate-200 p-4 dark:border-slate-800">
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-lg font-bold text-slate-900 dark:text-white">{props.title}</h2>
          {props.action}
        </div>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
          <input
            type="search"
            value={props.search}
            onChange={(event) => props.onSearch(event.target.value)}
            placeholder={props.searchPlaceholder}
            aria-label={props.searchLabel}
            className={`${inputClass} pl-9`}
          />
        </div>
      </div>
      <nav aria-label={props.listLabel} className="min-h-0 flex-1 space-y-4 overflow-y-auto p-2">
        {props.isLoading && (
          <div className="flex justify-center py-8" role="status" aria-label={props.loadingLabel}>
            <Spinner />
          </div>
        )}
        {props.isError && (
          <div className="space-y-3 px-3 py-6 text-center" role="alert">
            <p className="text-sm text-red-600 dark:text-red-400">{props.errorText}</p>
            <button type="button" onClick={props.onRetry} className={buttonSecondary}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" />
              {t('conversation.tryAgain')}
            </button>
          </div>
        )}
        {props.isEmpty && props.empty}
        {props.noMatch && <p className="px-3 py-6 text-center text-sm text-slate-500 dark:text-slate-400">{props.noMatchText}</p>}
        {props.children}
      </nav>
      {props.footer}
    </div>
  );
}
