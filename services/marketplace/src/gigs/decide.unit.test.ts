import { Forbidden } from '@commonwork/kit';
import { deciderSpec } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import { GigNotFound, gigDecider } from './decide.ts';
import type { GigEvent, GigFields } from './gig.ts';

const gigId = '0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f';
const owner = '11111111-2222-4333-8444-555555555555';
const stranger = '99999999-8888-4777-8666-555555555555';
const fields: GigFields = {
  title: 'Landing page',
  description: 'Fast pages',
  category: 'web',
  subCategory: 'frontend',
  price: 100,
  deliveryTime: '7',
  tags: ['react'],
};
const created: GigEvent = { type: 'GigCreated', data: { gigId, ownerId: owner, status: 'draft', fields } };
const deleted: GigEvent = { type: 'GigDeleted', data: { gigId, ownerId: owner, title: 'Landing page', wasActive: false } };
const spec = deciderSpec(gigDecider);

describe('gig decider', () => {
  it('creates a gig owned by the actor', () => {
    spec.given().when({ type: 'CreateGig', gigId, actorId: owner, status: 'draft', fields }).then(created);
  });

  it('publishes a draft, remembering the previous status', () => {
    spec
      .given(created)
      .when({ type: 'EditGig', actorId: owner, status: 'active', fields })
      .then({ type: 'GigEdited', data: { gigId, ownerId: owner, status: 'active', previousStatus: 'draft', fields } });
  });

  it('emits nothing for a save that changes nothing', () => {
    spec.given(created).when({ type: 'EditGig', actorId: owner, status: 'draft', fields }).thenNothing();
  });

  it('emits nothing for the same fields in another order, as a stored event gives them back (jsonb orders them its own way)', () => {
    const stored = Object.fromEntries(Object.entries(fields).reverse()) as GigFields;
    spec
      .given({ ...created, data: { ...created.data, fields: stored } })
      .when({ type: 'EditGig', actorId: owner, status: 'draft', fields })
      .thenNothing();
  });

  it('refuses edits and deletion by anyone but the owner', () => {
    spec.given(created).when({ type: 'EditGig', actorId: stranger, status: 'active', fields }).thenThrows(Forbidden);
    spec.given(created).when({ type: 'DeleteGig', actorId: stranger }).thenThrows(Forbidden);
  });

  it('treats a deleted or unknown gig as not found', () => {
    spec.given(created).when({ type: 'DeleteGig', actorId: owner }).then(deleted);
    spec.given(created, deleted).when({ type: 'EditGig', actorId: owner, status: 'active', fields }).thenThrows(GigNotFound);
    spec.given().when({ type: 'DeleteGig', actorId: owner }).thenThrows(GigNotFound);
  });
});
