import type { TokenEvent } from './tokens/token.ts';
import type { UserEvent } from './users/user.ts';

/** Every event identity stores: its users' streams and its personal access tokens' streams. */
export type IdentityEvent = UserEvent | TokenEvent;
