import BookOpen from 'lucide-react/icons/book-open';
import CodeXml from 'lucide-react/icons/code-xml';
import { buttonSecondarySmall } from '../../../shared/ui/classes.ts';
import { useT } from './locales/index.ts';
import { TokensSection } from './TokensSection.tsx';
import { WebhooksSection } from './WebhooksSection.tsx';

/** The integrators' page (docs/integrators.md) as the gateway serves it, and the API's reference (Swagger UI). */
export const INTEGRATORS_GUIDE_URL = '/api/docs/integrators';
export const API_DOCS_URL = '/api/docs';

/** Settings → Developer (issue 31): personal access tokens and webhooks, with links to the docs. */
export function DeveloperTab() {
  const t = useT();
  return (
    <div className="space-y-8">
      <div className="space-y-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('developer.lead')}</p>
        <div className="flex flex-wrap gap-2">
          <a href={INTEGRATORS_GUIDE_URL} className={buttonSecondarySmall} target="_blank" rel="noreferrer">
            <BookOpen className="h-4 w-4" aria-hidden="true" />
            {t('developer.docs.integrators')}
          </a>
          <a href={API_DOCS_URL} className={buttonSecondarySmall} target="_blank" rel="noreferrer">
            <CodeXml className="h-4 w-4" aria-hidden="true" />
            {t('developer.docs.api')}
          </a>
        </div>
      </div>
      <TokensSection />
      <hr className="border-slate-200 dark:border-slate-800" />
      <WebhooksSection />
    </div>
  );
}
