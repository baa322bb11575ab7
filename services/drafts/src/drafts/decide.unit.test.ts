import { deciderSpec } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import { DraftChangedElsewhere, DraftIdTaken, DraftNotFound, draftDecider } from './decide.ts';
import type { DraftEvent } from './draft.ts';

const draftId = '6f0c8a52-3c1b-4d9e-9a7e-1f2b3c4d5e6f';
const ada = 'a0000000-0000-4000-8000-000000000001';
const bob = 'b0000000-0000-4000-8000-000000000002';
const saved: DraftEvent = { type: 'DraftSaved', data: { draftId, ownerId: ada, type: 'gig', title: 'Logo', data: { price: 5 } } };
const revised = (version: number): DraftEvent => ({
  type: 'DraftRevised',
  data: { draftId, ownerId: ada, title: 'Logo', data: { price: version }, version },
});

describe('draft decider', () => {
  const spec = deciderSpec(draftDecider);

  it('revises from the version it was based on, or from none (the last save wins)', () => {
    spec
      .given(saved)
      .when({ type: 'Revise', actorId: ada, title: 'Logo', data: { price: 2 }, baseVersion: 1 })
      .then(revised(2));
    spec
      .given(saved, revised(2))
      .when({ type: 'Revise', actorId: ada, title: 'Logo', data: { price: 3 } })
      .then(revised(3));
  });

  it('refuses a revision based on another version than the stored one', () => {
    spec
      .given(saved, revised(2))
      .when({ type: 'Revise', actorId: ada, title: 'Logo', data: { price: 9 }, baseVersion: 1 })
      .thenThrows(DraftChangedElsewhere);
  });

  it('saves a new draft under the id its form chose, and the same save again changes nothing (a retried create)', () => {
    const save = { type: 'Save', draftId, ownerId: ada, draftType: 'gig', title: 'Logo', data: { price: 5 } } as const;
    spec.given().when(save).then(saved);
    spec.given(saved).when(save).thenNothing();
    spec.given(saved, revised(2)).when(save).thenNothing();
  });

  it("refuses a new draft under an id someone else's draft has, and one whose draft was deleted", () => {
    const save = { type: 'Save', draftId, draftType: 'gig', title: 'Logo', data: {} } as const;
    spec
      .given(saved)
      .when({ ...save, ownerId: bob })
      .thenThrows(DraftIdTaken);
    spec
      .given(saved, { type: 'DraftDeleted', data: { draftId, ownerId: ada } })
      .when({ ...save, ownerId: ada })
      .thenThrows(DraftNotFound);
  });

  it('deletes its owner’s draft', () => {
    spec
      .given(saved, revised(2))
      .when({ type: 'Delete', actorId: ada })
      .then({ type: 'DraftDeleted', data: { draftId, ownerId: ada } });
  });

  it('is not found by anyone but its owner, nor once deleted', () => {
    spec.given(saved).when({ type: 'Revise', actorId: bob, title: 'Mine', data: {} }).thenThrows(DraftNotFound);
    spec.given(saved).when({ type: 'Delete', actorId: bob }).thenThrows(DraftNotFound);
    spec
      .given(saved, { type: 'DraftDeleted', data: { draftId, ownerId: ada } })
      .when({ type: 'Delete', actorId: ada })
      .thenThrows(DraftNotFound);
    spec.given().when({ type: 'Delete', actorId: ada }).thenThrows(DraftNotFound);
  });
});
