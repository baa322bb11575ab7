import { randomUUID } from 'node:crypto';
import { nameBasedId, type ServiceContext, type ServiceJob } from '@commonwork/kit';
import { formatDistanceStrict } from 'date-fns';
import { sql } from 'kysely';
import type { NotificationsConfig } from '../config.ts';
import { inboxAggregate } from '../inbox/aggregate.ts';
import { notifyIn } from '../inbox/notify.ts';
import type { NotificationsTables } from '../tables.ts';

/** Reminders made per run; the rest wait for the next one. */
const BATCH = 200;

/**
 * Reminds everyone registered for an event once it starts within the lead time (preference
 * `eventReminders`). What is due is read from the tables, not from timers, so a restart loses
 * nothing; `reminders_sent` is written in the reminder's own transaction, so nothing is repeated,
 * and a moved event is reminded again for its new start.
 */
export function remindersJob(
  config: Pick<NotificationsConfig, 'EVENT_REMINDER_LEAD_MINUTES'>,
): ServiceJob<ServiceContext<NotificationsTables>> {
  const leadMs = config.EVENT_REMINDER_LEAD_MINUTES * 60_000;
  return {
    name: 'reminders',
    everyMs: 30_000,
    run: async (ctx) => {
      const inboxes = ctx.aggregate(inboxAggregate);
      const now = new Date();
      const due = await ctx.db
        .selectFrom('event_attendees as a')
        .innerJoin('tech_events as e', 'e.event_id', 'a.event_id')
        .select(['a.event_id', 'a.user_id', 'e.title', 'e.starts_at'])
        .where('e.starts_at', '>', now)
        .where('e.starts_at', '<=', new Date(now.getTime() + leadMs))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('reminders_sent as r')
                .select(sql.lit(1).as('one'))
                .whereRef('r.event_id', '=', 'a.event_id')
                .whereRef('r.user_id', '=', 'a.user_id')
                .whereRef('r.starts_at', '=', 'e.starts_at'),
            ),
          ),
        )
        .orderBy('e.starts_at')
        .limit(BATCH)
        .execute();
      for (const seat of due) {
        const startsAt = new Date(seat.starts_at);
        const made = await ctx.db.transaction().execute(async (trx) => {
          // Another replica's run may have taken it since the read: the key decides who reminds.
          const claimed = await trx
            .insertInto('reminders_sent')
            .values({ event_id: seat.event_id, user_id: seat.user_id, starts_at: startsAt, sent_at: new Date() })
            .onConflict((oc) => oc.doNothing())
            .returning('event_id')
            .executeTakeFirst();
          if (!claimed) return false;
          const key = `${seat.event_id}:${seat.user_id}:${startsAt.toISOString()}`;
          await notifyIn(
            trx,
            inboxes,
            { userId: seat.user_id, preference: 'event_reminders' },
            {
              type: 'event_invite',
              title: `Reminder: ${seat.title}`,
              message: `"${seat.title}" starts in ${formatDistanceStrict(startsAt, new Date())}.`,
              sender: null,
              data: { eventId: seat.event_id, eventTitle: seat.title, words: 'eventReminder', startsAt: startsAt.toISOString() },
            },
            {
              notificationId: nameBasedId(`commonwork-reminder:${key}`),
              metadata: { actorId: null, correlationId: randomUUID(), causationId: null },
            },
          );
          return true;
        });
        if (made) ctx.publishNow();
      }
      if (due.length > 0) ctx.log.info({ due: due.length }, 'event reminders made');
    },
  };
}
