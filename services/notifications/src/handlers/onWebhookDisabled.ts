import { WebhookDisabled } from '@commonwork/contracts';
import { causedBy, defineHandler, nameBasedId } from '@commonwork/kit';
import { inboxAggregate } from '../inbox/aggregate.ts';
import type { NotificationsDb } from '../tables.ts';

/**
 * The platform disabled one of a person's webhooks after three days of failed deliveries (the
 * webhooks service's event): its owner is told, whatever their alert preferences (it is about their
 * integration, not news); pushed live as their `push` says. Once, whatever redelivers it.
 */
export const onWebhookDisabled = defineHandler([WebhookDisabled], async (trx: NotificationsDb, event, tools) => {
  const { ownerId, url } = event.data;
  const person = await trx.selectFrom('people').select('push').where('user_id', '=', ownerId).executeTakeFirst();
  await tools.aggregate(inboxAggregate).handleIn(
    trx,
    ownerId,
    {
      type: 'Notify',
      userId: ownerId,
      notificationId: nameBasedId(`commonwork-notification:${event.envelope.id}:${ownerId}`),
      key: null,
      content: {
        type: 'system',
        title: 'Webhook disabled',
        message: `Your webhook to ${url} was disabled after its deliveries failed for 3 days. Fix the receiver, then enable it again in Settings.`,
        sender: null,
        data: {},
      },
      live: person?.push ?? true,
      happenedAt: new Date(event.envelope.occurredAt).toISOString(),
    },
    causedBy(event.envelope),
  );
});
