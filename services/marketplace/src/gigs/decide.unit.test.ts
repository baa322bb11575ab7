import { describe, expect, it } from 'vitest';
import { decide, evolve } from './decide.ts';
import { type GigEvent, type GigFields, initialGigState } from './gig.ts';

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
const given = (...events: GigEvent[]) => events.reduce(evolve, initialGigState());

describe('gig decider', () => {
  it('creates a gig owned by the actor', () => {
    expect(decide({ type: 'CreateGig', gigId, actorId: owner, status: 'draft', fields }, given())).toEqual([created]);
  });

  it('publishes a draft, remembering the previous status', () => {
    expect(decide({ type: 'EditGig', actorId: owner, status: 'active', fields }, given(created))).toEqual([
      { type: 'GigEdited', data: { gigId, ownerId: owner, status: 'active', previousStatus: 'draft', fields } },
    ]);
  });

  it('emits nothing for a save that changes nothing', () => {
    expect(decide({ type: 'EditGig', actorId: owner, status: 'draft', fields }, given(created))).toEqual([]);
  });

  it('refuses edits and deletion by anyone but the owner', () => {
    expect(() => decide({ type: 'EditGig', actorId: stranger, status: 'active', fields }, given(created))).toThrow(
      'You can only change your own gigs',
    );
    expect(() => decide({ type: 'DeleteGig', actorId: stranger }, given(created))).toThrow('You can only change your own gigs');
  });

  it('treats a deleted or unknown gig as not found', () => {
    const deleted = decide({ type: 'DeleteGig', actorId: owner }, given(created));
    expect(deleted).toEqual([{ type: 'GigDeleted', data: { gigId, ownerId: owner, title: 'Landing page', wasActive: false } }]);
    expect(() => decide({ type: 'EditGig', actorId: owner, status: 'active', fields }, given(created, ...deleted))).toThrow(
      'Gig not found',
    );
    expect(() => decide({ type: 'DeleteGig', actorId: owner }, given())).toThrow('Gig not found');
  });
});
