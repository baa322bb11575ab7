import type { TechEvent } from '@commonwork/contracts';

/** Whether the signed-in person organises the event (spec 001 §6: edit, delete, and no registration for them). */
export const isOrganizer = (event: Pick<TechEvent, 'organizer'>, userId: string | undefined) =>
  Boolean(userId) && event.organizer._id === userId;
