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
    default:
      return stored;
  }
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
