import { Forbidden } from '@commonwork/kit';
import { deciderSpec } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import { GigNotFound } from '../gigs/decide.ts';
import { type FavoritedGig, favoriteDecider } from './decide.ts';
import type { FavoriteEvent } from './favorite.ts';

const gigId = '0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f';
const owner = '11111111-2222-4333-8444-555555555555';
const personId = '99999999-8888-4777-8666-555555555555';
const active: FavoritedGig = { status: 'active', ownerId: owner };
const favorited: FavoriteEvent = { type: 'GigFavorited', data: { gigId, personId } };
const unfavorited: FavoriteEvent = { type: 'GigUnfavorited', data: { gigId, personId } };
const spec = deciderSpec(favoriteDecider);

describe('favourite decider', () => {
  it("favourites someone else's active gig", () => {
    spec.given().when({ type: 'Favorite', gigId, personId, gig: active }).then(favorited);
  });

  it('decides nothing for a second favourite, nor for removing what is not a favourite', () => {
    spec.given(favorited).when({ type: 'Favorite', gigId, personId, gig: active }).thenNothing();
    spec.given().when({ type: 'Unfavorite', gigId, personId, gig: active }).thenNothing();
    spec.given(favorited, unfavorited).when({ type: 'Unfavorite', gigId, personId, gig: active }).thenNothing();
  });

  it('removes a favourite, and favourites again after', () => {
    spec.given(favorited).when({ type: 'Unfavorite', gigId, personId, gig: active }).then(unfavorited);
    spec.given(favorited, unfavorited).when({ type: 'Favorite', gigId, personId, gig: active }).then(favorited);
  });

  it('treats a draft, deleted or unknown gig as not found, both ways', () => {
    const draft: FavoritedGig = { status: 'draft', ownerId: owner };
    spec.given().when({ type: 'Favorite', gigId, personId, gig: draft }).thenThrows(GigNotFound);
    spec.given().when({ type: 'Favorite', gigId, personId, gig: null }).thenThrows(GigNotFound);
    spec.given(favorited).when({ type: 'Unfavorite', gigId, personId, gig: null }).thenThrows(GigNotFound);
  });

  it("refuses a freelancer's heart on their own gig", () => {
    spec.given().when({ type: 'Favorite', gigId, personId: owner, gig: active }).thenThrows(Forbidden);
  });
});
