import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';
import type { GigFields, GigStatus } from './gigs/gig.ts';
import type { OrderNumbersTables } from './orderNumbers/tables.ts';

export interface GigsTable {
  id: string;
  owner_id: string;
  title: string;
  description: string;
  category: GigFields['category'];
  sub_category: string;
  // numeric: pg returns a string, PGlite a number; presentGig converts.
  price: ColumnType<string | number, number, number>;
  delivery_time: GigFields['deliveryTime'];
  tags: JSONColumnType<string[]>;
  tags_text: string;
  status: GigStatus;
  rating: Generated<number>;
  reviews: Generated<number>;
  orders: Generated<number>;
  favorites: Generated<number>;
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** Marketplace's tables: its projection of gigs, the freelancers fed by identity's events, and the order cards and ratings fed by orders'. */
export interface MarketplaceTables extends OrderNumbersTables {
  gigs: GigsTable;
  gig_views: { gig_id: string; views: ColumnType<string, number, number> };
  /** Each viewer's last UTC day on a gig (a hashed key), so a view counts once a day (views/views.ts). */
  gig_viewers: { gig_id: string; viewer: string; day: string };
  freelancers: FreelancersTable;
  /** Who favourited which active gig (favourite streams); gigs.favorites counts them. */
  gig_favorites: { person_id: string; gig_id: string; at: Date };
  /** Active gigs per category, price and delivery time, kept by triggers on gigs (migration 0003). */
  active_gig_counts: { category: string; price: ColumnType<string | number, never, never>; delivery_time: string; gigs: number };
  /** One row: the changes a listing shows folded in from `listing_changes` (search/listingVersion.ts); bigint, read as a string. */
  listing_version: { only_row: boolean; version: ColumnType<string | number, never, number> };
  /** A row per statement that changed what a listing shows, appended by triggers (migrations 0007, 0008). */
  listing_changes: { id: Generated<string | number> };
}

export type GigRow = Selectable<GigsTable>;

/** The freelancers marketplace shows on gigs, fed by identity's events (no call to identity). */
export interface FreelancersTable {
  user_id: string;
  name: string;
  username: string | null;
  picture: string;
  title: string;
  location: string;
  skills: JSONColumnType<string[]>;
  updated_at: Date;
}
