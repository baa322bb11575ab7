import type { MessageSearchHit } from '@commonwork/contracts';
import Hash from 'lucide-react/icons/hash';
import MessageSquare from 'lucide-react/icons/message-square';
import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { messageTime } from '../../shared/conversation/messageTime.ts';
import { hitPath, snippetParts } from './hits.ts';
import { useT } from './locales/index.ts';

/** One found message: where it is, who wrote it and when, and its words around the match, marked. */
export function SearchHit({ hit, onChoose }: { hit: MessageSearchHit; onChoose: (hit: MessageSearchHit, event: MouseEvent) => void }) {
  const t = useT();
  const Icon = hit.kind === 'channel' ? Hash : MessageSquare;
  const where = hit.gigTitle ? `${hit.conversationName} · ${hit.gigTitle}` : hit.conversationName;
  return (
    <Link
      to={hitPath(hit)}
      data-search-hit=""
      onClick={(event) => onChoose(hit, event)}
      aria-label={t('search.hit', { sender: hit.sender.name, conversation: where, text: hit.snippet.text })}
      className="flex gap-3 px-3 py-2.5 text-left transition hover:bg-slate-50 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-green-600 dark:hover:bg-slate-800/60 dark:focus-visible:bg-slate-800"
    >
      <Icon className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline gap-2 text-xs text-slate-500 dark:text-slate-400">
          <span className="truncate font-semibold text-slate-700 dark:text-slate-200">{where}</span>
          <time dateTime={hit.createdAt} className="ml-auto shrink-0">
            {messageTime(hit.createdAt)}
          </time>
        </span>
        <span className="mt-0.5 line-clamp-2 text-sm break-words text-slate-700 dark:text-slate-200">
          <span className="font-medium text-slate-900 dark:text-white">{hit.sender.name}: </span>
          {snippetParts(hit.snippet.text, hit.snippet.marks).map((part, index) =>
            part.marked ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in a fixed order
              <mark key={index} className="rounded-sm bg-amber-200 px-0.5 text-inherit dark:bg-amber-400/30 dark:text-amber-50">
                {part.text}
              </mark>
            ) : (
              part.text
            ),
          )}
        </span>
      </span>
    </Link>
  );
}
