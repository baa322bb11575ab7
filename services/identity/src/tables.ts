import type { MemberPlan, Preferences } from '@commonwork/contracts';
import type { ColumnType, Generated, JSONColumnType, Kysely, Selectable } from 'kysely';
import type { PersonalDataExportTables } from './personalData/exports/exportTables.ts';
import type { ReviewRatingsTables } from './reviews/tables.ts';
import type { SessionsTables } from './sessions/tables.ts';
import type { PersonalTokensTables } from './tokens/tables.ts';

/** The links kept in one jsonb column: contact and social handles. */
export interface Links {
  location: string;
  website: string;
  github: string;
  twitter: string;
  linkedin: string;
}

export interface UsersTable {
  id: string;
  subject: string;
  email: string;
  name: string;
  username: string | null;
  username_lower: string | null;
  bio: Generated<string>;
  phone: Generated<string>;
  title: Generated<string>;
  picture: string;
  picture_public_id: Generated<string>;
  role: 'user' | 'admin';
  skills: ColumnType<string[], string | undefined, string>;
  links: JSONColumnType<Links>;
  preferences: JSONColumnType<Preferences>;
  rating: Generated<number>;
  review_count: Generated<number>;
  /** Active gigs now (the latest of `stats_days`), kept here for top freelancers' index. */
  active_gigs: Generated<number>;
  plan: ColumnType<MemberPlan, MemberPlan | undefined, MemberPlan>;
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** Identity's tables: its projection of users, the statistics read model, the ratings of people's reviews, personal access tokens and signed-in sessions. */
export interface IdentityTables extends StatsTables, ReviewRatingsTables, PersonalTokensTables, PersonalDataExportTables, SessionsTables {
  users: UsersTable;
}

export type UserRow = Selectable<UsersTable>;

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
