import type { ListGigsQuery } from '@commonwork/contracts';
import type { Kysely } from 'kysely';
import type { MarketplaceTables } from '../tables.ts';
import { listingVersion } from './listingVersion.ts';

/**
 * How long a read of the listing version is trusted: a change committed elsewhere (another replica,
 * a consumer of orders' or identity's events, a rebuild) shows within this and one round trip.
 */
export const LISTING_CHECK_MS = 100;
/** The oldest answer served: the bound on the one thing no version covers, the gigs' view counters. */
export const LISTING_MAX_AGE_MS = 5_000;
/** The answers kept, in bytes of their JSON. */
export const LISTING_MAX_BYTES = 16_000_000;

export interface ListingCacheOptions {
  checkEveryMs?: number;
  maxAgeMs?: number;
  maxBytes?: number;
}

/** A kept answer: the bytes sent, encoded once when read instead of on every answer. */
export interface KeptAnswer {
  body: Buffer;
}

interface Entry extends KeptAnswer {
  version: string;
  epoch: number;
  at: number;
}

/**
 * What an answer depends on: the caller (their drafts and hearts are in it) and the query, with its
 * words trimmed and lower-cased (the text search and the trigram match ignore case) and its fields in
 * one order. Every field the query has is in the key, so two keys never share an answer they should not.
 */
export function listingKey(query: ListGigsQuery, callerId: string | null): string {
  const fields = Object.entries({ ...query, search: query.search?.trim().toLowerCase() || undefined })
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `${callerId ?? ''}|${JSON.stringify(fields)}`;
}

/**
 * This replica's listing answers, kept as the JSON bytes they were sent as (docs/decisions/marketplace/listing-cache.md).
 * An answer is served only while it is as new as the listing version (the changes a listing shows,
 * counted as their transactions commit: listingVersion.ts) read at most `checkEveryMs` ago, as new as this
 * replica's own last write (`invalidate`, called once the write committed and before it is answered),
 * and younger than `maxAgeMs`. A read that was under way when either moved is answered but not kept,
 * so a slow read can never keep a page older than a change this replica already knew of.
 *
 * A busy replica waits for neither bound: past half its interval the version is read again behind the
 * requests, and past `maxAgeMs - ahead` an answer is read again behind the hit that found it, while it
 * is still served (docs/decisions/marketplace/listing-cache-read-ahead.md). Only a write of this replica,
 * an idle spell or a key nobody asked for in that time makes a request wait for a read.
 */
export function listingCache(db: Kysely<MarketplaceTables>, options: ListingCacheOptions = {}) {
  const checkEveryMs = options.checkEveryMs ?? LISTING_CHECK_MS;
  const maxAgeMs = options.maxAgeMs ?? LISTING_MAX_AGE_MS;
  const maxBytes = options.maxBytes ?? LISTING_MAX_BYTES;
  // An answer is read again this long before it expires: more than a slow search takes under load.
  const aheadMs = Math.min(1_000, maxAgeMs / 5);
  // Oldest first (a Map keeps insertion order; a hit moves its entry to the end).
  const entries = new Map<string, Entry>();
  const reading = new Map<string, { version: string; epoch: number; answer: Promise<KeptAnswer> }>();
  let bytes = 0;
  let epoch = 0;
  let version = '';
  let checkedAt = Number.NEGATIVE_INFINITY;
  let checking: Promise<void> | null = null;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
  };
  const clear = () => {
    entries.clear();
    bytes = 0;
  };
  const check = () => {
    checking ??= listingVersion(db)
      .then((now) => {
        if (now !== version) clear();
        version = now;
        checkedAt = Date.now();
      })
      .finally(() => {
        checking = null;
      });
    return checking;
  };
  const keep = (key: string, entry: Entry) => {
    drop(key);
    if (entry.body.length > maxBytes / 16) return;
    entries.set(key, entry);
    bytes += entry.body.length;
    for (const [oldest] of entries) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  };
  /** The answer read now (or the same read already under way since the last change this replica knows of), kept when nothing moved meanwhile. */
  const readNow = (key: string, read: () => Promise<string>): Promise<KeptAnswer> => {
    const underway = reading.get(key);
    if (underway && underway.version === version && underway.epoch === epoch) return underway.answer;
    const started = { version, epoch, at: Date.now() };
    const answer = read().then((json) => {
      const kept = { body: Buffer.from(json) };
      if (version === started.version && epoch === started.epoch) keep(key, { ...kept, ...started });
      return kept;
    });
    const pending = { version: started.version, epoch: started.epoch, answer };
    reading.set(key, pending);
    const done = () => {
      if (reading.get(key) === pending) reading.delete(key);
    };
    answer.then(done, done);
    return answer;
  };

  return {
    /** The answer for `key`: kept, or read by `read` (the JSON to send). */
    async get(key: string, read: () => Promise<string>): Promise<KeptAnswer> {
      const sinceCheck = Date.now() - checkedAt;
      // `>=`: with no interval (tests) every request reads the version, even within the millisecond of the last read.
      if (sinceCheck >= checkEveryMs) await check();
      // Read behind the requests: a failure here is met by the next request that must wait for it.
      else if (sinceCheck >= checkEveryMs / 2) check().catch(() => undefined);
      const entry = entries.get(key);
      if (entry && entry.version === version && entry.epoch === epoch) {
        const age = Date.now() - entry.at;
        if (age <= maxAgeMs) {
          entries.delete(key);
          entries.set(key, entry);
          if (age > maxAgeMs - aheadMs) readNow(key, read).catch(() => undefined);
          return entry;
        }
      }
      drop(key);
      return readNow(key, read);
    },
    /** This replica changed something a listing shows (its write has committed): nothing kept before serves again. */
    invalidate() {
      epoch++;
      clear();
      // The next request reads the version its own write moved, so what it keeps is tagged with it.
      checkedAt = Number.NEGATIVE_INFINITY;
    },
    /** How many answers are kept and their size, for tests and the decision's figures. */
    size: () => ({ entries: entries.size, bytes }),
  };
}

export type ListingCache = ReturnType<typeof listingCache>;
