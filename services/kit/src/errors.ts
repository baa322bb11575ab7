import type { ErrorDetail } from '@commonwork/contracts';

/** An error with a stable machine code and an HTTP status, turned into the error body by the app's handler. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly statusCode: number,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/**
 * Declares an error once, by code, message and status (fastify's lib/errors.js habit):
 * `const UserNotFound = createError('USER_NOT_FOUND', 'User not found', 404); throw UserNotFound();`
 */
export function createError(code: string, message: string, statusCode: number) {
  return (override?: string, details?: ErrorDetail[]) => new AppError(code, override ?? message, statusCode, details);
}

export const Unauthorized = createError('UNAUTHORIZED', 'Authentication required', 401);
export const Forbidden = createError('FORBIDDEN', 'You are not allowed to do this', 403);
export const NotFound = createError('NOT_FOUND', 'Not found', 404);
export const Conflict = createError('CONFLICT', 'Conflict', 409);
export const ValidationFailed = createError('VALIDATION_FAILED', 'Validation failed', 400);
export const StaleVersion = createError('STALE_VERSION', 'This was changed by someone else at the same time. Please try again.', 409);
/** More writes for one thing than it can take at once: refused at once, to be tried again. */
export const Busy = createError('BUSY', 'Too many people are doing this at once. Please try again in a moment.', 503);
