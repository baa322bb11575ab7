import type { AiSearchResult } from '@commonwork/contracts';
import Brain from 'lucide-react/icons/brain';
import Sparkles from 'lucide-react/icons/sparkles';
import X from 'lucide-react/icons/x';
import { aiReading } from './ai/aiReading.ts';
import { useT } from './browse/locales/index.ts';

interface AiPanelProps {
  result: AiSearchResult;
  refinements: string[];
  onSuggestion: (suggestion: string) => void;
  onDismiss: () => void;
}

/**
 * What the AI search understood and why (spec 001 §4), with its suggestions as chips; the reading is
 * written here in the language on screen (`aiReading`). Suggestions are searches to run: as sent.
 */
export function AiPanel({ result, refinements, onSuggestion, onDismiss }: AiPanelProps) {
  const t = useT();
  const { heading, explanation } = aiReading(result);
  return (
    <section
      aria-labelledby="ai-panel-title"
      className="relative rounded-2xl border border-green-200 bg-green-50 p-5 dark:border-green-900 dark:bg-green-950/40"
    >
      <button
        type="button"
        onClick={onDismiss}
        aria-label={t('marketplace.ai.dismiss')}
        className="absolute top-3 right-3 rounded-lg p-1 text-green-700 hover:bg-green-100 dark:text-green-300 dark:hover:bg-green-900"
      >
        <X className="h-5 w-5" aria-hidden="true" />
      </button>
      <h2 id="ai-panel-title" className="flex items-center gap-2 pr-8 font-semibold text-green-900 dark:text-green-100">
        <Brain className="h-5 w-5" aria-hidden="true" />
        {heading}
      </h2>
      <p className="mt-1 text-sm text-green-800 dark:text-green-200">{explanation}</p>
      {refinements.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('marketplace.ai.alsoApplied')}>
          {refinements.map((label) => (
            <li
              key={label}
              className="rounded-md bg-white/70 px-2 py-0.5 text-xs font-medium text-green-900 dark:bg-green-900/50 dark:text-green-100"
            >
              {label}
            </li>
          ))}
        </ul>
      )}
      {result.suggestions.length > 0 && (
        <div className="mt-3">
          <p className="text-xs font-semibold uppercase tracking-wide text-green-800 dark:text-green-300">{t('marketplace.ai.tryAlso')}</p>

          <ul className="mt-2 flex flex-wrap gap-2">
            {result.suggestions.map((suggestion) => (
              <li key={suggestion}>
                <button
                  type="button"
                  onClick={() => onSuggestion(suggestion)}
                  className="inline-flex items-center gap-1 rounded-full border border-green-300 bg-white px-3 py-1 text-sm text-green-800 transition hover:bg-green-100 focus-visible:outline-2 focus-visible:outline-green-600 dark:border-green-800 dark:bg-green-950 dark:text-green-200 dark:hover:bg-green-900"
                >
                  <Sparkles className="h-3.5 w-3.5" aria-hidden="true" />
                  {suggestion}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
