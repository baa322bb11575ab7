import { ORDER_STEP_EVENTS, STEP_OF_ORDER_EVENT } from '@commonwork/contracts';
import { causedBy, defineHandler, nameBasedId } from '@commonwork/kit';
import { chatAggregate } from '../chats/aggregate.ts';
import { chatIdFor } from '../chats/chat.ts';
import { type MessagingDb, personCard } from '../tables.ts';
import { orderLine } from './lines.ts';

/**
 * Each step of an order writes a line in its buyer and seller's conversation about the gig (the one
 * `create chat` answers), starting it with the first step when they never wrote (the orders
 * service's events). The line goes the way every chat message goes (the chat's stream: its
 * sequence, the unread counts, the live push and the inbox's preview). Its id is fixed by the
 * event, so a step handled again writes nothing.
 */
export const onOrderStep = defineHandler(ORDER_STEP_EVENTS, async (trx: MessagingDb, event, tools) => {
  const card = event.data;
  const messageId = nameBasedId(`commonwork-order-line:${event.envelope.id}`);
  const written = await trx.selectFrom('chat_messages').select('id').where('id', '=', messageId).executeTakeFirst();
  if (written) return;
  const step = STEP_OF_ORDER_EVENT[event.type];
  const actorId = card.by === 'buyer' ? card.buyerId : card.by === 'seller' ? card.sellerId : null;
  const name = actorId ? (await personCard(trx, actorId)).name : null;
  const chatId = chatIdFor(card.buyerId, card.sellerId, card.gigId);
  await tools.aggregate(chatAggregate).handleIn(
    trx,
    chatId,
    {
      type: 'PostSystemLine',
      chatId,
      buyerId: card.buyerId,
      sellerId: card.sellerId,
      gigId: card.gigId,
      messageId,
      content: orderLine(step, card, name, 'text' in card ? card.text : ''),
      system: { kind: 'order', orderId: card.orderId, step, actorId },
    },
    causedBy(event.envelope),
  );
});
