import { ApiError } from '@commonwork/contracts';
import { activeLocale, hasMessage, translate } from '../i18n/i18n.ts';

/** A failed call: contracts' typed client throws it (status, stable code, per-field details, whole body). */
export { ApiError };

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The message to show for a failed call, `fallback` given in the language shown. In English the
 * server's message when there is one (the spec's words). The server speaks English only, so in
 * another language its stable code's translation (shared/api/locales, fetched with the language's
 * catalogs; its en.json lists the server's words for translators and the catalog test), else `fallback`.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (activeLocale() === 'en') return error.message || fallback;
  const byCode = `shared.error.${error.code}`;
  return hasMessage(byCode) ? translate(byCode) : fallback;
}
