import type { ErrorDetail } from '@commonwork/contracts';
import { activeLocale, hasMessage, translate } from '../i18n/i18n.ts';

/**
 * A failed call: the server's `message`, the HTTP status, its machine code and per-field details;
 * `body` is the whole answer, for the few errors that carry more (a 409 with the stored draft).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly details: ErrorDetail[];
  readonly body: unknown;

  constructor(message: string, status: number, code?: string, details: ErrorDetail[] = [], body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.body = body;
  }
}

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
