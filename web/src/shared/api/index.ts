export { type Query, type QueryValue, queryString } from '@commonwork/contracts';
export { type CallInput, call, onUnauthorized, type QueryOf, type RequestAuth, type ResponseOf } from './client.ts';
export { ApiError, errorMessage, isApiError } from './errors.ts';
export {
  currentSession,
  readToken,
  removeStoredSession,
  type SessionUser,
  storeSession,
  subscribeSession,
} from './session.ts';
