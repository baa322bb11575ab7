import { z } from 'zod';
import { DRAFT_MESSAGES, DRAFT_TITLE_MAX } from './draftCatalog.ts';
import { ErrorBody } from './errors.ts';

export const DraftType = z.enum(['event', 'gig']);
export type DraftType = z.infer<typeof DraftType>;

/** The form as the person left it: any JSON object, returned exactly as saved. */
export const DraftData = z.record(z.string(), z.unknown());
export type DraftData = z.infer<typeof DraftData>;

const DraftTitle = z
  .string({ error: DRAFT_MESSAGES.titleRequired })
  .trim()
  .min(1, DRAFT_MESSAGES.titleRequired)
  .max(DRAFT_TITLE_MAX, `Title must be at most ${DRAFT_TITLE_MAX} characters`);

/**
 * `id`, optional, is the id the form chose for its draft: the same create sent again (a retry, a
 * save whose answer was lost) answers the draft already saved under it, and writes nothing.
 */
export const CreateDraftRequest = z.object({ id: z.uuid().optional(), type: DraftType, title: DraftTitle, data: DraftData });
export type CreateDraftRequest = z.infer<typeof CreateDraftRequest>;

/**
 * `version` is the draft's version the edit started from: an older one than the stored draft's is
 * refused with 409 and the newer draft. Spec 001's client sends none (the last save wins).
 */
export const UpdateDraftRequest = z.object({ title: DraftTitle, data: DraftData, version: z.number().int().positive().optional() });
export type UpdateDraftRequest = z.infer<typeof UpdateDraftRequest>;

export const DraftIdParams = z.object({ id: z.uuid() });
export const ListDraftsQuery = z.object({ type: DraftType.optional() });

/** A draft in the list (spec 002 §3), newest change first. */
export const DraftSummary = z.object({
  _id: z.uuid(),
  id: z.uuid(),
  type: DraftType,
  title: z.string(),
  version: z.number().int().positive(),
  lastModified: z.string(),
  createdAt: z.string(),
});
export type DraftSummary = z.infer<typeof DraftSummary>;

/** A whole draft: the form it keeps is `data` (a client reads `response.data.data`). */
export const Draft = DraftSummary.extend({ data: DraftData });
export type Draft = z.infer<typeof Draft>;

export const DraftResponse = z.object({ success: z.literal(true), message: z.string().optional(), data: Draft });
export const DraftListResponse = z.object({ success: z.literal(true), data: z.array(DraftSummary) });
export const DraftDeletedResponse = z.object({ success: z.literal(true), message: z.string() });
/**
 * A save refused, nothing written: based on an older version (`DRAFT_CHANGED`, with `draft`, what
 * is stored now), or still losing to other saves after retrying (`STALE_VERSION`: try again).
 */
export const DraftConflictBody = ErrorBody.extend({ draft: Draft.optional() });
