import type { Notification } from '@commonwork/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { activate, loadLocale } from '../../../shared/i18n/i18n.ts';
import { notificationText } from './words.ts';

afterEach(() => activate('en'));

const at = '2026-11-25T10:00:00.000Z';
const bea = { _id: '5b0a1c5e-7f59-4a4b-9a55-0e4a3f1d2c11', name: 'Bea', picture: '' };
/** A notification as the server stores it: its English, and what the web app writes it from. */
const made = (
  type: Notification['type'],
  english: [string, string],
  data: Notification['data'],
  sender: Notification['sender'] = bea,
): Notification => ({
  _id: bea._id,
  id: bea._id,
  type,
  title: english[0],
  message: english[1],
  read: false,
  sender,
  data,
  createdAt: at,
  updatedAt: at,
});

const EVERY_KIND: Notification[] = [
  made('message', ['New message from Bea', 'Hallo, ¿qué tal?'], { words: 'chatMessage' }),
  made('system', ['Bea joined #brand-talk', 'Bea joined your channel #brand-talk with its join link.'], {
    words: 'channelJoined',
    channelName: 'brand-talk',
  }),
  made('message', ['Bea mentioned you in #brand-talk', '@ada, look at this'], {
    words: 'channelMention',
    channelName: 'brand-talk',
    channelId: bea._id,
    messageId: bea._id,
  }),
  made('event_invite', ['New registration for Design jam', 'Bea registered for "Design jam" (3 registered).'], {
    words: 'eventRegistered',
    eventTitle: 'Design jam',
    attendeeCount: 3,
  }),
  made(
    'event_invite',
    ['Design jam was updated', '"Design jam", which you registered for, has changed. Check the details.'],
    {
      words: 'eventUpdated',
      eventTitle: 'Design jam',
    },
    null,
  ),
  made(
    'event_invite',
    ['Design jam was cancelled', '"Design jam", which you registered for, will not take place.'],
    {
      words: 'eventCancelled',
      eventTitle: 'Design jam',
    },
    null,
  ),
  made(
    'event_invite',
    ['Reminder: Design jam', '"Design jam" starts in 30 minutes.'],
    {
      words: 'eventReminder',
      eventTitle: 'Design jam',
      startsAt: '2026-11-25T10:30:00.000Z',
    },
    null,
  ),
  made('gig_interest', ['New Interest in Your Gig!', 'Bea is interested in your gig "Logo"'], { words: 'gigInterest', gigTitle: 'Logo' }),
  made('gig_interest', ['New Interest in Your Gig!', 'Free today?'], { words: 'gigInterestNote', gigTitle: 'Logo' }),
];

const texts = () => EVERY_KIND.map((n) => Object.values(notificationText(n)));

describe("the server's notifications in the person's language", () => {
  it('are in English word for word what the server stored', () => {
    expect(texts()).toEqual(EVERY_KIND.map((n) => [n.title, n.message]));
  });

  it('in German, each kind; what people wrote stays as they wrote it', async () => {
    await loadLocale('de');
    activate('de');
    expect(texts()).toEqual([
      ['Neue Nachricht von Bea', 'Hallo, ¿qué tal?'],
      ['Bea ist #brand-talk beigetreten', 'Bea ist Ihrem Kanal #brand-talk über dessen Beitrittslink beigetreten.'],
      ['Bea hat Sie in #brand-talk erwähnt', '@ada, look at this'],
      ['Neue Anmeldung für Design jam', 'Bea hat sich für „Design jam“ angemeldet (3 Anmeldungen).'],
      ['Design jam wurde geändert', '„Design jam“, für das Sie angemeldet sind, wurde geändert. Bitte prüfen Sie die Details.'],
      ['Design jam wurde abgesagt', '„Design jam“, für das Sie angemeldet sind, findet nicht statt.'],
      ['Erinnerung: Design jam', '„Design jam“ beginnt in 30 Minuten.'],
      ['Neues Interesse an Ihrem Angebot!', 'Bea interessiert sich für Ihr Angebot „Logo“'],
      ['Neues Interesse an Ihrem Angebot!', 'Free today?'],
    ]);
  });

  it('in Spanish, each kind', async () => {
    await loadLocale('es');
    activate('es');
    expect(texts()).toEqual([
      ['Nuevo mensaje de Bea', 'Hallo, ¿qué tal?'],
      ['Bea se unió a #brand-talk', 'Bea se unió a su canal #brand-talk con su enlace de invitación.'],
      ['Bea le mencionó en #brand-talk', '@ada, look at this'],
      ['Nueva inscripción en Design jam', 'Bea se inscribió en «Design jam» (3 inscritos).'],
      ['Design jam se ha actualizado', '«Design jam», en el que usted está inscrito, ha cambiado. Revise los detalles.'],
      ['Design jam se ha cancelado', '«Design jam», en el que usted está inscrito, no se celebrará.'],
      ['Recordatorio: Design jam', '«Design jam» empieza en 30 minutos.'],
      ['¡Nuevo interés en su servicio!', 'Bea está interesado en su servicio «Logo»'],
      ['¡Nuevo interés en su servicio!', 'Free today?'],
    ]);
  });

  it('made before they carried their words, or missing a value, show what was stored (a fixed title translated)', async () => {
    await loadLocale('de');
    activate('de');
    const old = made('system', ['Bea joined #x', 'Bea joined your channel #x with its join link.'], { channelId: bea._id });
    const noChannel = made('system', ['Bea joined #x', 'stored'], { words: 'channelJoined' });
    const oldInterest = made('gig_interest', ['New Interest in Your Gig!', 'Bea is interested in your gig "Logo"'], { gigTitle: 'Logo' });
    expect([old, noChannel, oldInterest].map((n) => Object.values(notificationText(n)))).toEqual([
      ['Bea joined #x', 'Bea joined your channel #x with its join link.'],
      ['Bea joined #x', 'stored'],
      ['Neues Interesse an Ihrem Angebot!', 'Bea is interested in your gig "Logo"'],
    ]);
  });
});

describe("an order's notifications in the person's language", () => {
  const order = (
    words: NonNullable<Notification['data']['words']>,
    english: [string, string],
    extra: Notification['data'] = {},
    sender: Notification['sender'] = bea,
  ) => made('order', english, { orderId: bea._id, gigId: bea._id, gigTitle: 'Logo', words, ...extra }, sender);
  // Word for word what the notifications service writes (services/notifications/src/handlers/orderNews.ts).
  const EVERY_STEP = [
    order('orderPlaced', ['New order: Logo', 'Bea ordered "Logo".']),
    order('orderAccepted', ['Order accepted: Logo', 'Bea accepted the order "Logo".']),
    order('orderDeclined', ['Order declined: Logo', 'Bea declined the order "Logo": Fully booked'], { reason: 'Fully booked' }),
    order('orderDelivered', ['Order delivered: Logo', 'Bea delivered the order "Logo".'], { reason: 'Here it is' }),
    order('orderRevisionRequested', ['Revision requested: Logo', 'Bea asked for a revision of "Logo": Bigger'], { reason: 'Bigger' }),
    order('orderCompleted', ['Order completed: Logo', 'Bea completed the order "Logo".']),
    order(
      'orderCompletedAutomatically',
      ['Order completed: Logo', 'The order "Logo" was completed automatically, 3 days after its delivery.'],
      {},
      null,
    ),
    order('orderCancellationRequested', ['Cancellation requested: Logo', 'Bea asked to cancel the order "Logo": No time'], {
      reason: 'No time',
    }),
    order('orderCancellationRefused', ['Cancellation refused: Logo', 'Bea refused to cancel the order "Logo". An admin will settle it.']),
    order('orderCancellationWithdrawn', ['Cancellation withdrawn: Logo', 'Bea withdrew the request to cancel the order "Logo".']),
    order('orderResumed', ['Order resumed: Logo', 'An admin resumed the order "Logo": it goes on.'], {}, null),
    order('orderCancelled', ['Order cancelled: Logo', 'Bea cancelled the order "Logo".']),
    order('orderCancelled', ['Order cancelled: Logo', 'Bea cancelled the order "Logo": Changed plans'], { reason: 'Changed plans' }),
    order('orderSettledCancelled', ['Order cancelled: Logo', 'An admin cancelled the order "Logo".'], { reason: 'Settled' }, null),
    order('orderLate', ['Order late: Logo', 'The order "Logo" passed its due date without a delivery.'], {}, null),
    order('orderReviewed', ['New review: Logo', 'Bea rated "Logo" 5 out of 5.'], { rating: 5 }),
  ];
  const steps = () => EVERY_STEP.map((n) => Object.values(notificationText(n)));

  it('are in English word for word what the server stored', () => {
    expect(steps()).toEqual(EVERY_STEP.map((n) => [n.title, n.message]));
  });

  it('in German and French, each step, the reason as it was written', async () => {
    await loadLocale('de');
    activate('de');
    const german = steps();
    expect(german[2]).toEqual(['Bestellung abgelehnt: Logo', 'Bea hat die Bestellung „Logo“ abgelehnt: Fully booked']);
    expect(german[11]).toEqual(['Bestellung storniert: Logo', 'Bea hat die Bestellung „Logo“ storniert.']);
    expect(german[15]).toEqual(['Neue Bewertung: Logo', 'Bea hat „Logo“ mit 5 von 5 Sternen bewertet.']);
    await loadLocale('fr');
    activate('fr');
    expect(steps()[6]).toEqual([
      'Commande terminée\u202f: Logo',
      'La commande «\u202fLogo\u202f» a été terminée automatiquement, 3 jours après sa livraison.',
    ]);
    // Every step has its own sentence in each language (none falls back to the stored English).
    for (const locale of ['de', 'es', 'fr'] as const) {
      await loadLocale(locale);
      activate(locale);
      for (const [i, [title, message]] of steps().entries()) {
        expect(title).not.toBe(EVERY_STEP[i]?.title);
        expect(message).not.toBe(EVERY_STEP[i]?.message);
      }
    }
  });
});
