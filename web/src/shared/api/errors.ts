import type { ErrorDetail } from '@commonwork/contracts';

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

/** The message to show for a failed call: the server's message when there is one, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.message) return error.message;
  return fallback;
}
