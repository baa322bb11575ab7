import type { SystemLine } from '@commonwork/contracts';
import ArrowRight from 'lucide-react/icons/arrow-right';
import { Link } from 'react-router-dom';
import { useT } from './locales/index.ts';
import { messageTime } from './messageTime.ts';

/**
 * A line the platform wrote in the conversation (an order's step): centred and muted, apart from
 * what people said, with the way to the order. Nobody's message, so it offers no actions.
 */
export function SystemLineItem({ line, content, createdAt }: { line: SystemLine; content: string; createdAt: string }) {
  const t = useT();
  return (
    <li data-system-line={line.step} className="flex justify-center px-4 py-2">
      <p className="max-w-prose rounded-lg bg-slate-100 px-3 py-1.5 text-center text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
        <span className="break-words whitespace-pre-wrap">{content}</span>{' '}
        <time dateTime={createdAt} className="text-slate-500 dark:text-slate-400">
          {messageTime(createdAt)}
        </time>{' '}
        <Link
          to={`/orders/${encodeURIComponent(line.orderId)}`}
          className="inline-flex items-center gap-0.5 font-medium whitespace-nowrap text-green-700 hover:underline dark:text-green-400"
        >
          {t('conversation.viewOrder')}
          <ArrowRight className="h-3 w-3" aria-hidden="true" />
        </Link>
      </p>
    </li>
  );
}
