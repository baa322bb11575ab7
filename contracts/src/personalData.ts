import { z } from 'zod';
import { defineEvent } from './events/envelope.ts';

/** How long a prepared export may be downloaded, and how long one may prepare before it is given up. */
export const PERSONAL_DATA_EXPORT = {
  keptDays: 7,
  /** A part still missing after this long (a service down all along): the export failed and another may be asked for. */
  preparingLimitMinutes: 60,
} as const;

/**
 * preparing: the services are still sending their parts; ready: the archive may be downloaded until
 * `expiresAt`; failed: a part did not come in time (another export may be asked for).
 */
export const PersonalDataExportStatus = z.enum(['preparing', 'ready', 'failed']);
export type PersonalDataExportStatus = z.infer<typeof PersonalDataExportStatus>;

/** One export of a person's data, as its owner sees it. */
export const PersonalDataExport = z.object({
  id: z.uuid(),
  status: PersonalDataExportStatus,
  requestedAt: z.string(),
  /** When the last part came in; null until then. */
  readyAt: z.string().nullable(),
  /** Until when the archive may be downloaded; null until it is ready. */
  expiresAt: z.string().nullable(),
  /** The services whose parts have come in, of all of them. */
  parts: z.object({ received: z.number().int(), expected: z.number().int() }),
});
export type PersonalDataExport = z.infer<typeof PersonalDataExport>;

export const PersonalDataExportResponse = z.object({ success: z.literal(true), export: PersonalDataExport });
export type PersonalDataExportResponse = z.infer<typeof PersonalDataExportResponse>;

export const PersonalDataExportIdParams = z.object({ id: z.uuid('Export id must be a UUID') });

/**
 * The downloaded archive: one JSON document, each service's part under its name. A part is what
 * that service holds about the person, in its own words (its rows, never another person's secrets
 * or anyone's credentials).
 */
export const PersonalDataArchive = z.object({
  format: z.literal('commonwork-personal-data'),
  version: z.literal(1),
  exportId: z.uuid(),
  personId: z.uuid(),
  requestedAt: z.string(),
  preparedAt: z.string(),
  services: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type PersonalDataArchive = z.infer<typeof PersonalDataArchive>;

/**
 * A person asked for their data. Emitted by identity; every service answers with its part on
 * identity's internal route (the kit does it for each service that exports).
 */
export const PersonalDataExportRequested = defineEvent(
  'identity.export.requested',
  1,
  z.object({ exportId: z.uuid(), personId: z.uuid() }),
);

/** Identity's internal route a service sends its part of an export to (`PUT`, the part as the body). */
export const exportPartPath = (personId: string, exportId: string, service: string) =>
  `/internal/people/${encodeURIComponent(personId)}/exports/${encodeURIComponent(exportId)}/parts/${encodeURIComponent(service)}`;
