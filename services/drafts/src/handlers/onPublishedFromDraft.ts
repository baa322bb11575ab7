import { GigPublished, TechEventPublished } from '@commonwork/contracts';
import { AppError, causedBy, defineHandler } from '@commonwork/kit';
import { draftAggregate } from '../drafts/aggregate.ts';
import { DraftNotFound } from '../drafts/decide.ts';
import type { DraftsDb } from '../tables.ts';

/**
 * A gig or an event published from a saved draft removes that draft (spec 001: "silently"). It is
 * a reaction to the publication, not a second call from the browser, so a crash between the two
 * leaves no orphan: the event is redelivered until the draft is gone.
 */
export const onPublishedFromDraft = defineHandler([GigPublished, TechEventPublished], async (trx: DraftsDb, event, tools) => {
  const { fromDraftId } = event.data;
  if (!fromDraftId) return;
  const publisherId = event.type === GigPublished.type ? event.data.ownerId : event.data.organizerId;
  try {
    await tools.aggregate(draftAggregate).handleIn(trx, fromDraftId, { type: 'Delete', actorId: publisherId }, causedBy(event.envelope));
  } catch (error) {
    // Already deleted by its owner, or not theirs to remove: nothing to do.
    if (!(error instanceof AppError) || error.code !== DraftNotFound().code) throw error;
  }
});
