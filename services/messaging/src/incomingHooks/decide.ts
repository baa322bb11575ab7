import { createError, type Decider } from '@commonwork/kit';
import { type IncomingHookEvent, type IncomingHookState, initialIncomingHookState } from './hook.ts';

export const HookNotFound = createError('HOOK_NOT_FOUND', 'Webhook not found', 404);

export type IncomingHookCommand =
  | { type: 'CreateHook'; hookId: string; channelId: string; name: string; tokenHash: string; tokenHint: string; actorId: string }
  /** Who may revoke is the route's check (the channel's admins); the hook must be the channel's. */
  | { type: 'RevokeHook'; channelId: string; actorId: string };

export function evolve(state: IncomingHookState, event: IncomingHookEvent): IncomingHookState {
  switch (event.type) {
    case 'IncomingHookCreated':
      return { exists: true, hookId: event.data.hookId, channelId: event.data.channelId, revoked: false };
    case 'IncomingHookRevoked':
      return { ...state, revoked: true };
    default: {
      const never: never = event;
      return never;
    }
  }
}

export function decide(command: IncomingHookCommand, state: IncomingHookState): IncomingHookEvent[] {
  switch (command.type) {
    case 'CreateHook': {
      // The id is the server's, fresh: a stream that exists already is a retry of the same create.
      if (state.exists) return [];
      const { hookId, channelId, name, tokenHash, tokenHint, actorId } = command;
      return [{ type: 'IncomingHookCreated', data: { hookId, channelId, name, tokenHash, tokenHint, createdBy: actorId } }];
    }
    case 'RevokeHook':
      if (!state.exists || state.channelId !== command.channelId) throw HookNotFound();
      if (state.revoked) return [];
      return [{ type: 'IncomingHookRevoked', data: { hookId: state.hookId, channelId: state.channelId, revokedBy: command.actorId } }];
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const incomingHookDecider: Decider<IncomingHookState, IncomingHookCommand, IncomingHookEvent> = {
  initialState: initialIncomingHookState,
  evolve,
  decide,
};
