/**
 * An incoming webhook's stream `hook-<id>` (messaging's own events, never published: the token's
 * hash is a secret's). Its posts are not here: they are messages of its channel's stream.
 */
export type IncomingHookEvent =
  | {
      type: 'IncomingHookCreated';
      data: {
        hookId: string;
        channelId: string;
        name: string;
        /** SHA-256 of the token, hex: the URL is found by it, and the token itself is never stored. */
        tokenHash: string;
        /** The token's last 4 characters, shown in lists. */
        tokenHint: string;
        createdBy: string;
      };
    }
  | { type: 'IncomingHookRevoked'; data: { hookId: string; channelId: string; revokedBy: string } };

export interface IncomingHookState {
  exists: boolean;
  hookId: string;
  channelId: string;
  revoked: boolean;
}

export const initialIncomingHookState = (): IncomingHookState => ({ exists: false, hookId: '', channelId: '', revoked: false });
