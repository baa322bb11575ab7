import ChevronUp from 'lucide-react/icons/chevron-up';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { buttonGhost } from '../ui/classes.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { useT } from './locales/index.ts';

interface LoadOlderProps {
  loading: boolean;
  failed: boolean;
  onLoad: () => void;
  /** The conversation's load-error line (spec 002 §8), shown with Try Again. */
  errorText: string;
}

/**
 * Above the oldest message held: fetches the page before it, and says so inline when that fails.
 * One button throughout (aria-disabled, not disabled, while loading), so keyboard focus stays on it.
 */
export function LoadOlder({ loading, failed, onLoad, errorText }: LoadOlderProps) {
  const t = useT();
  const retry = failed && !loading;
  return (
    <div className="flex flex-col items-center gap-1 px-4 py-2 text-center">
      {retry && (
        <p className="text-sm text-red-600 dark:text-red-400" role="alert">
          {errorText}
        </p>
      )}
      <button
        type="button"
        onClick={loading ? undefined : onLoad}
        aria-disabled={loading}
        className={`${buttonGhost} aria-disabled:cursor-wait aria-disabled:opacity-70`}
      >
        {loading ? (
          <Spinner className="h-4 w-4" />
        ) : retry ? (
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
        ) : (
          <ChevronUp className="h-4 w-4" aria-hidden="true" />
        )}
        {/* The spec says nothing of older messages: plain words. */}
        {loading ? t('conversation.loading') : retry ? t('conversation.tryAgain') : t('conversation.loadOlder')}
      </button>
    </div>
  );
}
