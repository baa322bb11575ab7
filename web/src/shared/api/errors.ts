import type { ErrorDetail } from '@commonwork/contracts';

/** A failed call: the server's `message`, the HTTP status, its machine code and per-field details. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly details: ErrorDetail[];

  constructor(message: string, status: number, code?: string, details: ErrorDetail[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
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
