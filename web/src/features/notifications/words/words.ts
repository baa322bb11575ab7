import type { Notification } from '@commonwork/contracts';
import { formatDistanceStrict } from 'date-fns';
import { dateLocale, translateEnglish } from '../../../shared/i18n/index.ts';
import { t } from './locales/index.ts';

type Text = { title: string; message: string };

/**
 * A notification's title and message in the language on screen. The server stores them in English
 * and says which of its sentences they are (`data.words`) with the values; the English catalog is
 * word for word what it writes. A notification made before that, or missing a value, shows what was
 * stored (a fixed title such as a gig interest's still translated). A person's own words (a chat
 * message, the note sent with an interest) are never translated.
 */
export function notificationText(n: Notification): Text {
  const stored = { title: translateEnglish(n.title), message: n.message };
  const { words, eventTitle: event, channelName: channel, attendeeCount: count, startsAt, gigTitle: gig } = n.data;
  const name = n.sender?.name;
  switch (words) {
    case 'chatMessage':
      return name ? { title: t('notifications.words.chatMessage.title', { name }), message: n.message } : stored;
    case 'channelJoined':
      return name && channel
        ? {
            title: t('notifications.words.channelJoined.title', { name, channel }),
            message: t('notifications.words.channelJoined.message', { name, channel }),
          }
        : stored;
    case 'channelMention':
      // The message is the sender's own words: only the title is ours.
      return name && channel ? { title: t('notifications.words.channelMention.title', { name, channel }), message: n.message } : stored;
    case 'eventRegistered':
      return name && event && count !== undefined
        ? {
            title: t('notifications.words.eventRegistered.title', { event }),
            message: t('notifications.words.eventRegistered.message', { name, event, count }),
          }
        : stored;
    case 'eventUpdated':
    case 'eventCancelled':
    case 'eventReminder':
      return event ? (eventNews(words, event, startsAt, n.createdAt) ?? stored) : stored;
    case 'gigInterest':
      return name && gig
        ? { title: t('notifications.words.gigInterest.title'), message: t('notifications.words.gigInterest.message', { name, gig }) }
        : stored;
    case 'gigInterestNote':
      return { title: t('notifications.words.gigInterest.title'), message: n.message };
    case undefined:
      return stored;
    default:
      return orderText(n, words) ?? stored;
  }
}

type OrderWords = Exclude<NonNullable<Notification['data']['words']>, `${'chat' | 'channel' | 'event' | 'gig'}${string}`>;

/** Order sentences that share another's title (the step is the same, told of differently). */
const ORDER_TITLE: Partial<Record<OrderWords, OrderWords>> = {
  orderCompletedAutomatically: 'orderCompleted',
  orderSettledCancelled: 'orderCancelled',
};
/** Order sentences that name nobody: what the clock or an admin did. */
const NAMELESS: readonly OrderWords[] = ['orderCompletedAutomatically', 'orderResumed', 'orderSettledCancelled', 'orderLate'];

/** An order's step: the gig and, but for the clock's and an admin's steps, who took it; a reason when they gave one. */
function orderText(n: Notification, words: OrderWords): Text | null {
  const { gigTitle: gig, reason = '', rating } = n.data;
  const name = n.sender?.name;
  if (!gig || (!name && !NAMELESS.includes(words)) || (words === 'orderReviewed' && rating === undefined)) return null;
  const values = { gig, name, rating, reason, hasReason: reason ? 'yes' : 'no' };
  // The catalog has a title and a message for each of these words (words.unit.test.ts reads every one).
  const id = (key: OrderWords, part: 'title' | 'message') => `notifications.words.${key}.${part}` as Parameters<typeof t>[0];
  return { title: t(id(ORDER_TITLE[words] ?? words, 'title'), values), message: t(id(words, 'message'), values) };
}

function eventNews(words: 'eventUpdated' | 'eventCancelled' | 'eventReminder', event: string, startsAt: string | undefined, at: string) {
  if (words === 'eventUpdated')
    return {
      title: t('notifications.words.eventUpdated.title', { event }),
      message: t('notifications.words.eventUpdated.message', { event }),
    };
  if (words === 'eventCancelled')
    return {
      title: t('notifications.words.eventCancelled.title', { event }),
      message: t('notifications.words.eventCancelled.message', { event }),
    };
  if (!startsAt) return null;
  // The server measured from when it made the reminder: the notification's own time.
  const distance = formatDistanceStrict(new Date(startsAt), new Date(at), { locale: dateLocale() });
  return {
    title: t('notifications.words.eventReminder.title', { event }),
    message: t('notifications.words.eventReminder.message', { event, distance }),
  };
}
