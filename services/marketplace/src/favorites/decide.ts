import { type Decider, Forbidden } from '@commonwork/kit';
import { GigNotFound } from '../gigs/decide.ts';
import { type FavoriteEvent, type FavoriteState, initialFavoriteState } from './favorite.ts';

/** The gig as the gigs table has it when the command is decided; null when there is none (never, or deleted). */
export interface FavoritedGig {
  status: 'draft' | 'active';
  ownerId: string;
}

export type FavoriteCommand =
  | { type: 'Favorite'; gigId: string; personId: string; gig: FavoritedGig | null }
  | { type: 'Unfavorite'; gigId: string; personId: string; gig: FavoritedGig | null };

// Each event says the whole state: the one before does not matter.
export function evolve(_state: FavoriteState, event: FavoriteEvent): FavoriteState {
  switch (event.type) {
    case 'GigFavorited':
      return { favorited: true };
    case 'GigUnfavorited':
      return { favorited: false };
    default: {
      const never: never = event;
      return never;
    }
  }
}

/**
 * Idempotent both ways: favouriting a favourite, or removing what is not one, decides nothing. A
 * draft or deleted gig does not exist for the person (404); a freelancer's own heart would only
 * inflate their count (403).
 */
export function decide(command: FavoriteCommand, state: FavoriteState): FavoriteEvent[] {
  if (command.gig?.status !== 'active') throw GigNotFound();
  const data = { gigId: command.gigId, personId: command.personId };
  switch (command.type) {
    case 'Favorite':
      if (command.gig.ownerId === command.personId) throw Forbidden('You cannot favorite your own gig');
      return state.favorited ? [] : [{ type: 'GigFavorited', data }];
    case 'Unfavorite':
      return state.favorited ? [{ type: 'GigUnfavorited', data }] : [];
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const favoriteDecider: Decider<FavoriteState, FavoriteCommand, FavoriteEvent> = {
  initialState: initialFavoriteState,
  evolve,
  decide,
};
