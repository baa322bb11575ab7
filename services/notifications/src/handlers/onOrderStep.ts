import { ORDER_STEP_EVENTS, STEP_OF_ORDER_EVENT } from '@commonwork/contracts';
import { defineHandler } from '@commonwork/kit';
import { notifyFrom, senderCard } from '../inbox/notify.ts';
import type { NotificationsDb } from '../tables.ts';
import { orderNews, orderRecipients } from './orderNews.ts';

/**
 * Each step of an order tells the other side, naming who took it; what an admin or the clock did
 * tells both (the orders service's events). They are marketplace alerts, for the preference that
 * lets them be made. A redelivered step makes nothing new: the notification's id is fixed by the
 * event and the person.
 */
export const onOrderStep = defineHandler(ORDER_STEP_EVENTS, async (trx: NotificationsDb, event, tools) => {
  const card = event.data;
  const reason = 'text' in card ? card.text : '';
  const actorId =
    card.by === 'buyer'
      ? card.buyerId
      : card.by === 'seller'
        ? card.sellerId
        : card.by === 'admin'
          ? event.envelope.metadata.actorId
          : null;
  const sender = actorId ? await senderCard(trx, actorId) : null;
  const news = orderNews({ step: STEP_OF_ORDER_EVENT[event.type], card, reason, actor: sender });
  for (const userId of orderRecipients(card))
    await notifyFrom(
      trx,
      tools,
      event.envelope,
      { userId, preference: 'marketplace_alerts' },
      {
        type: 'order',
        title: news.title,
        message: news.message,
        // An admin is named in the sentence, not shown as a sender one could answer.
        sender: card.by === 'admin' ? null : sender,
        data: { orderId: card.orderId, gigId: card.gigId, gigTitle: card.gigTitle, words: news.words, ...(reason && { reason }) },
      },
    );
});
