import { PERSONAL_DATA_EXPORT, type PersonalDataExport, SERVICE_NAMES } from '@commonwork/contracts';
import { addDays, addMinutes } from 'date-fns';
import { type Kysely, sql } from 'kysely';
import type { IdentityTables } from '../../tables.ts';

/** Every service sends a part: an export is ready when all of the manifest's have. */
export const EXPECTED_PARTS = SERVICE_NAMES.length;

/** An export as stored: its request and how many parts have come in, the last when. */
export interface ExportProgress {
  id: string;
  person_id: string;
  requested_at: Date;
  received: number;
  last_received_at: Date | null;
}

/** The export as its owner sees it, or null once it has expired (it is gone to them). */
export function exportView(progress: ExportProgress, now: Date): PersonalDataExport | null {
  const { id, requested_at: requestedAt, received, last_received_at: lastAt } = progress;
  const parts = { received, expected: EXPECTED_PARTS };
  const base = { id, requestedAt: requestedAt.toISOString(), parts };
  if (received >= EXPECTED_PARTS && lastAt) {
    const expiresAt = addDays(lastAt, PERSONAL_DATA_EXPORT.keptDays);
    if (expiresAt <= now) return null;
    return { ...base, status: 'ready', readyAt: lastAt.toISOString(), expiresAt: expiresAt.toISOString() };
  }
  if (givenUpAt(requestedAt) <= now) {
    // A failed export stays visible as long as a ready one would, so the person learns it failed.
    if (addDays(requestedAt, PERSONAL_DATA_EXPORT.keptDays) <= now) return null;
    return { ...base, status: 'failed', readyAt: null, expiresAt: null };
  }
  return { ...base, status: 'preparing', readyAt: null, expiresAt: null };
}

/** When an export still missing parts is given up: parts arriving later are refused. */
export const givenUpAt = (requestedAt: Date) => addMinutes(requestedAt, PERSONAL_DATA_EXPORT.preparingLimitMinutes);

/** A person's exports with their progress, newest first (one of them when `exportId` is given). */
export function progressOf(db: Kysely<IdentityTables>, personId: string, exportId?: string) {
  let query = db
    .selectFrom('person_exports as e')
    .leftJoin('person_export_parts as p', 'p.export_id', 'e.id')
    .select([
      'e.id',
      'e.person_id',
      'e.requested_at',
      sql<number>`count(p.service)::int`.as('received'),
      sql<Date | null>`max(p.received_at)`.as('last_received_at'),
    ])
    .where('e.person_id', '=', personId)
    .groupBy(['e.id', 'e.person_id', 'e.requested_at'])
    .orderBy('e.requested_at', 'desc');
  if (exportId) query = query.where('e.id', '=', exportId);
  return query.limit(1).executeTakeFirst() as Promise<ExportProgress | undefined>;
}
