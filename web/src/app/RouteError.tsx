import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { buttonPrimary } from '../shared/ui/classes.ts';
import { useT } from './locales/index.ts';

/** The router's error screen; keeps the default page's heading. */
export function RouteError() {
  const error = useRouteError();
  const t = useT();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('app.error.title')}</h1>
      <p className="max-w-lg break-words text-sm italic text-slate-600 dark:text-slate-400">{detail}</p>
      <Link to="/" className={buttonPrimary} reloadDocument>
        {t('app.error.home')}
      </Link>
    </main>
  );
}
