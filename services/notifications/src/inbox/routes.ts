import { randomUUID } from 'node:crypto';
import { NOTIFICATION_MESSAGES, notificationsRoutes } from '@commonwork/contracts';
import { createError, registerRoute, type ServiceContext } from '@commonwork/kit';
import type { NotificationsTables } from '../tables.ts';
import { inboxAggregate } from './aggregate.ts';
import { NotificationNotFound } from './decide.ts';
import { deliveryFor, senderCard } from './notify.ts';
import { presentContent, presentNotification } from './present.ts';

const GigNotFound = createError('GIG_NOT_FOUND', NOTIFICATION_MESSAGES.gigNotFound, 404);
const OwnGig = createError('OWN_GIG', NOTIFICATION_MESSAGES.ownGig, 400);

export function registerInboxRoutes(ctx: ServiceContext<NotificationsTables>) {
  const { app, verifier, db } = ctx;
  const inboxes = ctx.aggregate(inboxAggregate);
  const unreadCountOf = async (userId: string) =>
    Number(
      (
        await db
          .selectFrom('notifications')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('user_id', '=', userId)
          .where('read', '=', false)
          .executeTakeFirst()
      )?.n ?? 0,
    );

  registerRoute(app, verifier, notificationsRoutes.list, async ({ query, caller }) => {
    let mine = db.selectFrom('notifications').where('user_id', '=', caller.sub);
    if (query.unreadOnly === 'true') mine = mine.where('read', '=', false);
    else if (query.readOnly === 'true') mine = mine.where('read', '=', true);
    const [rows, total, unreadCount] = await Promise.all([
      mine
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute(),
      mine.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst(),
      unreadCountOf(caller.sub),
    ]);
    const totalNotifications = Number(total?.n ?? 0);
    const totalPages = Math.max(1, Math.ceil(totalNotifications / query.limit));
    return {
      success: true as const,
      notifications: rows.map(presentNotification),
      pagination: { currentPage: query.page, totalPages, totalNotifications, hasNext: query.page < totalPages, hasPrev: query.page > 1 },
      unreadCount,
    };
  });

  registerRoute(app, verifier, notificationsRoutes.markAllRead, async ({ caller, request }) => {
    await inboxes.handle(caller.sub, { type: 'MarkAllRead' }, ctx.metadataFor(request, caller.sub));
    return { success: true as const, message: NOTIFICATION_MESSAGES.allRead, unreadCount: await unreadCountOf(caller.sub) };
  });

  registerRoute(app, verifier, notificationsRoutes.markRead, async ({ params, caller, request }) => {
    await inboxes.handle(caller.sub, { type: 'MarkRead', notificationId: params.id }, ctx.metadataFor(request, caller.sub));
    const row = await db
      .selectFrom('notifications')
      .selectAll()
      .where('id', '=', params.id)
      .where('user_id', '=', caller.sub)
      .executeTakeFirst();
    if (!row) throw NotificationNotFound();
    return { success: true as const, notification: presentNotification(row), unreadCount: await unreadCountOf(caller.sub) };
  });

  registerRoute(app, verifier, notificationsRoutes.remove, async ({ params, caller, request }) => {
    await inboxes.handle(caller.sub, { type: 'Delete', notificationId: params.id }, ctx.metadataFor(request, caller.sub));
    return { success: true as const, message: NOTIFICATION_MESSAGES.deleted, unreadCount: await unreadCountOf(caller.sub) };
  });

  registerRoute(app, verifier, notificationsRoutes.gigInterest, async ({ body, caller, request, reply }) => {
    const gig = await db.selectFrom('gigs').selectAll().where('gig_id', '=', body.gigId).where('available', '=', true).executeTakeFirst();
    if (!gig) throw GigNotFound();
    if (gig.owner_id === caller.sub) throw OwnGig();
    const sender = await senderCard(db, caller.sub);
    const content = {
      type: 'gig_interest' as const,
      title: 'New Interest in Your Gig!',
      message: body.message || `${sender.name} is interested in your gig "${gig.title}"`,
      sender,
      data: { gigId: gig.gig_id, gigTitle: gig.title, words: body.message ? ('gigInterestNote' as const) : ('gigInterest' as const) },
    };
    const notificationId = randomUUID();
    // A freelancer who turned marketplace alerts off is not told; the sender is answered the same way.
    const delivery = await deliveryFor(db, gig.owner_id, 'marketplace_alerts');
    if (delivery)
      await inboxes.handle(
        gig.owner_id,
        { type: 'Notify', userId: gig.owner_id, notificationId, key: null, content, live: delivery.live },
        ctx.metadataFor(request, caller.sub),
      );
    reply.status(201);
    return {
      success: true as const,
      message: NOTIFICATION_MESSAGES.interestSent,
      notification: presentContent(notificationId, content, { read: false, at: new Date() }),
    };
  });
}
