export { apiRequest, onUnauthorized, type RequestAuth, type RequestOptions } from './client.ts';
export { ApiError, errorMessage, isApiError } from './errors.ts';
export { readStoredUser, readToken, removeStoredSession, type SessionUser, storeSession } from './session.ts';
