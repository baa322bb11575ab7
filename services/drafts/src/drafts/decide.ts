import type { DraftData, DraftType } from '@commonwork/contracts';
import { DRAFT_MESSAGES } from '@commonwork/contracts';
import { createError, type Decider } from '@commonwork/kit';
import { type DraftEvent, type DraftState, initialDraftState } from './draft.ts';

// Someone else's draft is not found: its existence is nobody else's business.
export const DraftNotFound = createError('DRAFT_NOT_FOUND', DRAFT_MESSAGES.notFound, 404);
export const DraftChangedElsewhere = createError('DRAFT_CHANGED', DRAFT_MESSAGES.changedElsewhere, 409);
export const DraftIdTaken = createError('DRAFT_ID_TAKEN', DRAFT_MESSAGES.idTaken, 409);

export type DraftCommand =
  | { type: 'Save'; draftId: string; ownerId: string; draftType: DraftType; title: string; data: DraftData }
  | { type: 'Revise'; actorId: string; title: string; data: DraftData; baseVersion?: number }
  | { type: 'Delete'; actorId: string };

export function evolve(state: DraftState, event: DraftEvent): DraftState {
  switch (event.type) {
    case 'DraftSaved':
      return { ...state, exists: true, draftId: event.data.draftId, ownerId: event.data.ownerId, version: 1 };
    case 'DraftRevised':
      return { ...state, version: event.data.version };
    case 'DraftDeleted':
      return { ...state, deleted: true };
    default: {
      const never: never = event;
      return never;
    }
  }
}

const mustOwn = (state: DraftState, actorId: string) => {
  if (!state.exists || state.deleted || state.ownerId !== actorId) throw DraftNotFound();
};

export function decide(command: DraftCommand, state: DraftState): DraftEvent[] {
  switch (command.type) {
    case 'Save': {
      // A form chooses its draft's id once, so the same create arriving again (a retry, a save whose
      // answer was lost) is the one already made: nothing new. The form then saves on from its version.
      if (state.exists && state.ownerId !== command.ownerId) throw DraftIdTaken();
      if (state.deleted) throw DraftNotFound();
      if (state.exists) return [];
      const { draftId, ownerId, draftType, title, data } = command;
      return [{ type: 'DraftSaved', data: { draftId, ownerId, type: draftType, title, data } }];
    }
    case 'Revise':
      mustOwn(state, command.actorId);
      // A save from an older version would silently drop what the newer one added.
      if (command.baseVersion !== undefined && command.baseVersion !== state.version) throw DraftChangedElsewhere();
      return [
        {
          type: 'DraftRevised',
          data: { draftId: state.draftId, ownerId: state.ownerId, title: command.title, data: command.data, version: state.version + 1 },
        },
      ];
    case 'Delete':
      mustOwn(state, command.actorId);
      return [{ type: 'DraftDeleted', data: { draftId: state.draftId, ownerId: state.ownerId } }];
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const draftDecider: Decider<DraftState, DraftCommand, DraftEvent> = { initialState: initialDraftState, evolve, decide };
