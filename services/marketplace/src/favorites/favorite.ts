/**
 * One person's favourite of one gig, stream `favorite-<personId>.<gigId>`: a stream per pair keeps
 * each decision tiny and lets many people favourite one gig at once without contending.
 */
export type FavoriteEvent =
  | { type: 'GigFavorited'; data: { gigId: string; personId: string } }
  | { type: 'GigUnfavorited'; data: { gigId: string; personId: string } };

export interface FavoriteState {
  favorited: boolean;
}

export const initialFavoriteState = (): FavoriteState => ({ favorited: false });

/** The stream id of a person's favourite of a gig (both UUIDs, so the dot never appears inside either). */
export const favoriteIdOf = (personId: string, gigId: string) => `${personId}.${gigId}`;
