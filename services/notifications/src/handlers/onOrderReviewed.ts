import { ReviewWritten } from '@commonwork/contracts';
import { defineHandler } from '@commonwork/kit';
import { notifyFrom, senderCard } from '../inbox/notify.ts';
import type { NotificationsDb } from '../tables.ts';
import { reviewNews } from './orderNews.ts';

/** A buyer's review tells the seller, with its stars (the orders service's events); once, whatever redelivers it. */
export const onOrderReviewed = defineHandler([ReviewWritten], async (trx: NotificationsDb, event, tools) => {
  const { orderId, gigId, gigTitle, buyerId, sellerId, rating } = event.data;
  const reviewer = await senderCard(trx, buyerId);
  const news = reviewNews(gigTitle, reviewer.name, rating);
  await notifyFrom(
    trx,
    tools,
    event.envelope,
    { userId: sellerId, preference: 'marketplace_alerts' },
    {
      type: 'order',
      title: news.title,
      message: news.message,
      sender: reviewer,
      data: { orderId, gigId, gigTitle, words: news.words, rating },
    },
  );
});
