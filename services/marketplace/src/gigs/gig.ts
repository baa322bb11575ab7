import type { DeliveryTime, GigCategory } from '@commonwork/contracts';

/** The fields a freelancer edits. */
export interface GigFields {
  title: string;
  description: string;
  category: GigCategory;
  subCategory: string;
  price: number;
  deliveryTime: DeliveryTime;
  tags: string[];
}

export type GigStatus = 'draft' | 'active';

/** The gig aggregate's stored events (marketplace's own; `publish.ts` maps what others see). */
export type GigEvent =
  | { type: 'GigCreated'; data: { gigId: string; ownerId: string; status: GigStatus; fields: GigFields; fromDraftId?: string } }
  | { type: 'GigEdited'; data: { gigId: string; ownerId: string; status: GigStatus; previousStatus: GigStatus; fields: GigFields } }
  | { type: 'GigDeleted'; data: { gigId: string; ownerId: string; title: string; wasActive: boolean } };

export interface GigState {
  exists: boolean;
  deleted: boolean;
  gigId: string;
  ownerId: string;
  status: GigStatus;
  fields: GigFields | null;
}

export const initialGigState = (): GigState => ({ exists: false, deleted: false, gigId: '', ownerId: '', status: 'draft', fields: null });
