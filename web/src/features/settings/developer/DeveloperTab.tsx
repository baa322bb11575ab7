import { useQuery } from '@tanstack/react-query';
import BookOpen from 'lucide-react/icons/book-open';
import ChevronDown from 'lucide-react/icons/chevron-down';
import CodeXml from 'lucide-react/icons/code-xml';
import { useState } from 'react';
import { buttonSecondarySmall } from '../../../shared/ui/classes.ts';
import { hasGuide, loadGuide } from './guide.ts';
import { useT } from './locales/index.ts';
import { LoadError, Loading } from './parts.tsx';
import { TokensSection } from './TokensSection.tsx';
import { WebhooksSection } from './WebhooksSection.tsx';

/** The API's reference: the gateway's Swagger UI over the OpenAPI document. */
export const API_DOCS_URL = '/api/docs';

/** Settings → Developer (issue 31): personal access tokens and webhooks, the integrators' guide and the API's reference. */
export function DeveloperTab() {
  const t = useT();
  const [guideShown, setGuideShown] = useState(false);
  return (
    <div className="space-y-8">
      <div className="space-y-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('developer.lead')}</p>
        <div className="flex flex-wrap gap-2">
          {hasGuide && (
            <button
              type="button"
              className={buttonSecondarySmall}
              aria-expanded={guideShown}
              aria-controls="developer-guide"
              onClick={() => setGuideShown((shown) => !shown)}
            >
              <BookOpen className="h-4 w-4" aria-hidden="true" />
              {t('developer.docs.integrators')}
              <ChevronDown className={`h-4 w-4 transition ${guideShown ? 'rotate-180' : ''}`} aria-hidden="true" />
            </button>
          )}
          <a href={API_DOCS_URL} className={buttonSecondarySmall} target="_blank" rel="noreferrer">
            <CodeXml className="h-4 w-4" aria-hidden="true" />
            {t('developer.docs.api')}
          </a>
        </div>
        <div id="developer-guide" hidden={!guideShown}>
          {guideShown && <Guide />}
        </div>
      </div>
      <TokensSection />
      <hr className="border-slate-200 dark:border-slate-800" />
      <WebhooksSection />
    </div>
  );
}

/** The integrators' page as it is written (Markdown reads as text), in a box that scrolls. */
function Guide() {
  const t = useT();
  const guide = useQuery({ queryKey: ['developer', 'guide'], queryFn: loadGuide, staleTime: Number.POSITIVE_INFINITY });
  if (guide.isPending) return <Loading label={t('developer.docs.loading')} />;
  if (guide.isError || guide.data === null) return <LoadError message={t('developer.docs.failed')} onRetry={() => void guide.refetch()} />;
  return (
    <section aria-label={t('developer.docs.integrators')} lang="en">
      <pre className="max-h-[32rem] overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-xs break-words whitespace-pre-wrap text-slate-800 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-200">
        {guide.data}
      </pre>
    </section>
  );
}
