import { z } from 'zod';
import { DeliveryTime, GigCategory } from '../gigs.ts';
import { defineEvent } from './envelope.ts';

/** What other services keep of a gig (event-carried state). */
export const GigCard = z.object({
  gigId: z.uuid(),
  ownerId: z.uuid(),
  title: z.string(),
  category: GigCategory,
  subCategory: z.string(),
  price: z.number(),
  deliveryTime: DeliveryTime,
  tags: z.array(z.string()),
});
export type GigCard = z.infer<typeof GigCard>;

/** A gig became visible to everyone (created active, or a draft published). Emitted by marketplace; consumed by messaging (gig titles) and notifications (gig owner). */
export const GigPublished = defineEvent(
  'marketplace.gig.published',
  1,
  // The saved draft it was created from, if any: the drafts service removes it.
  GigCard.extend({ fromDraftId: z.uuid().optional() }),
);

/** An active gig changed. Emitted by marketplace; consumed like published. */
export const GigUpdated = defineEvent('marketplace.gig.updated', 1, GigCard);

/** An active gig went back to draft. Emitted by marketplace; consumers hide it from new interest. */
export const GigUnpublished = defineEvent('marketplace.gig.unpublished', 1, z.object({ gigId: z.uuid(), ownerId: z.uuid() }));

/** A gig was deleted by its owner. Emitted by marketplace; consumers keep titles of past chats but stop offering it. */
export const GigDeleted = defineEvent('marketplace.gig.deleted', 1, z.object({ gigId: z.uuid(), ownerId: z.uuid(), title: z.string() }));

export const MARKETPLACE_EVENTS = [GigPublished, GigUpdated, GigUnpublished, GigDeleted] as const;
