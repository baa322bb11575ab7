import { randomUUID } from 'node:crypto';
import { EVENT_AVATARS, EVENT_MESSAGES, eventsRoutes } from '@commonwork/contracts';
import { publicLink, registerRoute, type ServiceContext } from '@commonwork/kit';
import { eventViews, listEvents } from '../search/listEvents.ts';
import type { EventsTables } from '../tables.ts';
import { techEventAggregate } from './aggregate.ts';
import { calendarOf } from './calendar.ts';
import { EventNotFound } from './decide.ts';
import { type EventView, presentEvent } from './present.ts';
import { scheduleOf } from './schedule.ts';

export function registerEventRoutes(ctx: ServiceContext<EventsTables>, publicUrl: string) {
  const { app, verifier, db } = ctx;
  const events = ctx.aggregate(techEventAggregate);

  /** One event as its detail shows it, or 404: drafts exist for their organiser only. */
  const detailOf = async (id: string, userId: string | null) => {
    const row = (await eventViews(db, userId).where('events.id', '=', id).executeTakeFirst()) as EventView | undefined;
    if (!row || (row.status !== 'published' && row.organizer_id !== userId)) throw EventNotFound();
    const attendees = await db
      .selectFrom('event_attendees')
      .leftJoin('people', 'people.user_id', 'event_attendees.user_id')
      .leftJoin('profile_visibility', 'profile_visibility.person_id', 'event_attendees.user_id')
      .select(['event_attendees.user_id', 'people.name', 'people.picture'])
      .where('event_attendees.event_id', '=', id)
      // A private profile shows others its card only, never what its person does: others' lists
      // leave them out (they are still counted); they see themselves (docs/decisions/events/private-attendees.md).
      .where((eb) =>
        eb.or([eb('profile_visibility.private', 'is not', true), ...(userId ? [eb('event_attendees.user_id', '=', userId)] : [])]),
      )
      .orderBy('event_attendees.registered_at')
      .orderBy('event_attendees.user_id')
      .limit(EVENT_AVATARS)
      .execute();
    return presentEvent(row, { userId, attendees, now: new Date() });
  };

  const presentAll = (rows: EventView[], userId: string | null) => {
    const now = new Date();
    return rows.map((row) => presentEvent(row, { userId, attendees: [], now }));
  };

  registerRoute(app, verifier, eventsRoutes.listEvents, async ({ query, caller }) => {
    const userId = caller?.sub ?? null;
    const { rows, pagination } = await listEvents(db, query, userId, new Date());
    return { success: true as const, data: { events: presentAll(rows, userId), pagination } };
  });

  registerRoute(app, verifier, eventsRoutes.upcoming, async ({ query, caller }) => {
    const rows = (await eventViews(db, caller?.sub ?? null)
      .where('events.status', '=', 'published')
      .where('events.ends_at', '>', new Date())
      .orderBy('events.starts_at')
      .orderBy('events.id')
      .limit(query.limit)
      .execute()) as EventView[];
    return { success: true as const, data: presentAll(rows, caller?.sub ?? null) };
  });

  registerRoute(app, verifier, eventsRoutes.getEvent, async ({ params, caller }) => ({
    success: true as const,
    data: await detailOf(params.id, caller?.sub ?? null),
  }));

  registerRoute(app, verifier, eventsRoutes.calendar, async ({ params, caller, reply }) => {
    const event = await detailOf(params.id, caller?.sub ?? null);
    const url = publicLink(publicUrl, `/events/${event.id}`);
    reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="event-${event.id}.ics"`);
    return calendarOf(event, { url, now: new Date() });
  });

  registerRoute(app, verifier, eventsRoutes.createEvent, async ({ body, caller, request, reply }) => {
    const eventId = randomUUID();
    const { status, draftId, ...fields } = body;
    const command = {
      type: 'CreateEvent' as const,
      eventId,
      actorId: caller.sub,
      status,
      fields,
      schedule: scheduleOf(fields),
      fromDraftId: draftId,
    };
    await events.handle(eventId, command, ctx.metadataFor(request, caller.sub));
    reply.status(201);
    return { success: true as const, data: await detailOf(eventId, caller.sub), message: EVENT_MESSAGES.created };
  });

  registerRoute(app, verifier, eventsRoutes.updateEvent, async ({ params, body, caller, request }) => {
    // A draft id counts only on creation: an edited event came from its own earlier version.
    const { status, draftId: _draftId, ...fields } = body;
    const command = { type: 'EditEvent' as const, actorId: caller.sub, status, fields, schedule: scheduleOf(fields) };
    await events.handle(params.id, command, ctx.metadataFor(request, caller.sub));
    return { success: true as const, data: await detailOf(params.id, caller.sub), message: EVENT_MESSAGES.updated };
  });

  registerRoute(app, verifier, eventsRoutes.deleteEvent, async ({ params, caller, request }) => {
    await events.handle(params.id, { type: 'DeleteEvent', actorId: caller.sub }, ctx.metadataFor(request, caller.sub));
    return { success: true as const, message: EVENT_MESSAGES.deleted };
  });

  registerRoute(app, verifier, eventsRoutes.register, async ({ params, caller, request }) => {
    const command = { type: 'Register' as const, userId: caller.sub, now: new Date().toISOString() };
    await events.handle(params.id, command, ctx.metadataFor(request, caller.sub));
    return { success: true as const, message: EVENT_MESSAGES.registered, data: await detailOf(params.id, caller.sub) };
  });

  registerRoute(app, verifier, eventsRoutes.cancelRegistration, async ({ params, caller, request }) => {
    await events.handle(params.id, { type: 'CancelRegistration', userId: caller.sub }, ctx.metadataFor(request, caller.sub));
    return { success: true as const, message: EVENT_MESSAGES.cancelled, data: await detailOf(params.id, caller.sub) };
  });
}
