import type { Kysely } from 'kysely';
import type { IdentityTables } from '../users/projection.ts';

/** The figures of a person as they stood at the end of a day (UTC): a row per day something changed. */
export interface StatsDaysTable {
  user_id: string;
  day: string;
  active_gigs: number;
  events: number;
  messages: number;
}

/** The read models behind statistics and top freelancers, fed by marketplace's, events' and messaging's events. */
export interface StatsTables {
  stats_days: StatsDaysTable;
  /** Each gig's owner and whether it is active, so a change of status counts once. */
  stats_gigs: { gig_id: string; owner_id: string; active: boolean };
  /** Who organises or holds a seat at which published event, so each counts once. */
  stats_event_people: { event_id: string; user_id: string; organizer: boolean };
}

/** Identity's database, as its statistics handlers and reads use it. */
export type StatsDb = Kysely<IdentityTables>;
