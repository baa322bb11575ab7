import type { ExportEvent } from './personalData/exports/exportStream.ts';
import type { TokenEvent } from './tokens/token.ts';
import type { UserEvent } from './users/user.ts';

/** Every event identity stores: its users' streams, its personal access tokens' streams and people's data exports' streams. */
export type IdentityEvent = UserEvent | TokenEvent | ExportEvent;
