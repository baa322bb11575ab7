import { createError, type Decider, Forbidden, sameJson } from '@commonwork/kit';
import type { GigEvent, GigFields, GigState, GigStatus } from './gig.ts';
import { initialGigState } from './gig.ts';

export const GigNotFound = createError('GIG_NOT_FOUND', 'Gig not found', 404);

export type GigCommand =
  | { type: 'CreateGig'; gigId: string; actorId: string; status: GigStatus; fields: GigFields; fromDraftId?: string | undefined }
  | { type: 'EditGig'; actorId: string; status: GigStatus; fields: GigFields }
  | { type: 'DeleteGig'; actorId: string };

export function evolve(state: GigState, event: GigEvent): GigState {
  switch (event.type) {
    case 'GigCreated':
      return {
        ...state,
        exists: true,
        gigId: event.data.gigId,
        ownerId: event.data.ownerId,
        status: event.data.status,
        fields: event.data.fields,
      };
    case 'GigEdited':
      return { ...state, status: event.data.status, fields: event.data.fields };
    case 'GigDeleted':
      return { ...state, deleted: true };
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** Only a gig's owner may change it; a deleted gig is gone for everyone. */
function ownedBy(state: GigState, actorId: string) {
  if (!state.exists || state.deleted) throw GigNotFound();
  if (state.ownerId !== actorId) throw Forbidden('You can only change your own gigs');
}

export function decide(command: GigCommand, state: GigState): GigEvent[] {
  switch (command.type) {
    case 'CreateGig':
      return [
        {
          type: 'GigCreated',
          data: {
            gigId: command.gigId,
            ownerId: command.actorId,
            status: command.status,
            fields: command.fields,
            ...(command.fromDraftId && { fromDraftId: command.fromDraftId }),
          },
        },
      ];
    case 'EditGig': {
      ownedBy(state, command.actorId);
      const unchanged = state.status === command.status && sameJson(state.fields, command.fields);
      if (unchanged) return [];
      return [
        {
          type: 'GigEdited',
          data: {
            gigId: state.gigId,
            ownerId: state.ownerId,
            status: command.status,
            previousStatus: state.status,
            fields: command.fields,
          },
        },
      ];
    }
    case 'DeleteGig':
      ownedBy(state, command.actorId);
      return [
        {
          type: 'GigDeleted',
          data: { gigId: state.gigId, ownerId: state.ownerId, title: state.fields?.title ?? '', wasActive: state.status === 'active' },
        },
      ];
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const gigDecider: Decider<GigState, GigCommand, GigEvent> = { initialState: initialGigState, evolve, decide };
