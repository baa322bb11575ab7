import { defineAggregate } from '@commonwork/kit';
import type { MarketplaceTables } from '../tables.ts';
import { type FavoriteCommand, favoriteDecider } from './decide.ts';
import type { FavoriteEvent, FavoriteState } from './favorite.ts';
import { projectFavoriteEvents } from './projection.ts';

/** A person's favourite of a gig: favourited, unfavourited. Two clicks at once: the second decides again and finds nothing to do. */
export const favoriteAggregate = defineAggregate<MarketplaceTables, FavoriteState, FavoriteCommand, FavoriteEvent>({
  name: 'favorite',
  decider: favoriteDecider,
  project: projectFavoriteEvents,
  retries: 2,
});
