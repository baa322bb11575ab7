import { eventsRoutes, identityRoutes, notificationsRoutes } from '@commonwork/contracts';
import { buildEvent, buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type User = Awaited<ReturnType<typeof buildUser>>;

const DAY_MS = 86_400_000;
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

// Events a month away (buildEvent) fall within a lead of 40 days; one two months away does not.
describe('event reminders', () => {
  let p: TestPlatform;
  let host: User;
  let guest: User;

  beforeAll(async () => {
    p = await startTestPlatform({ EVENT_REMINDER_LEAD_MINUTES: String(40 * 24 * 60) });
    [host, guest] = await Promise.all([buildUser(p, 'Hana Host'), buildUser(p, 'Gil Guest')]);
  });
  afterAll(() => p.stop());

  const runReminders = async () => {
    const job = p.services.notifications.jobs?.reminders;
    if (!job) throw new Error('the notifications service has no reminders job');
    await job.runNow();
  };
  const reminders = async (token: string, eventId: string) => {
    const { notifications } = await p.api.call(notificationsRoutes.list, { query: { limit: 50 }, token });
    return notifications.filter((n) => n.data.eventId === eventId && n.title.startsWith('Reminder: '));
  };
  /** An event with one registered guest, once notifications knows both the event and the seat. */
  const eventWithGuest = async (overrides: Parameters<typeof buildEvent>[0] = {}) => {
    const event = (await p.api.call(eventsRoutes.createEvent, { token: host.token, body: buildEvent(overrides) })).data;
    expect((await p.api.send(eventsRoutes.register, { params: { id: event.id }, token: guest.token })).status).toBeLessThan(300);
    await eventually(async () => {
      const { rows } = await sql<{ n: string }>`
        select count(*) as n from notifications.event_attendees a join notifications.tech_events e using (event_id)
        where a.event_id = ${event.id}`.execute(p.database.root);
      return Number(rows[0]?.n) === 1;
    });
    return event;
  };

  it('reminds a registered person once, however often the job runs', async () => {
    const event = await eventWithGuest({ title: 'Reminded once' });
    await runReminders();
    await runReminders();
    const made = await reminders(guest.token, event.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ type: 'event_invite', title: 'Reminder: Reminded once' });
    expect(made[0]?.message).toMatch(/^"Reminded once" starts in \d+ \w+\.$/);
    expect(made[0]?.data).toMatchObject({ words: 'eventReminder', startsAt: expect.any(String) });
    // The host is not registered: nothing for them.
    expect(await reminders(host.token, event.id)).toHaveLength(0);
  });

  it('reminds again when the event moves, and not before it is due', async () => {
    const later = await eventWithGuest({ title: 'Far off', date: dayFromNow(60) });
    const moveTo = (id: string, date: string) =>
      p.api.send(eventsRoutes.updateEvent, { params: { id }, token: host.token, body: buildEvent({ title: 'Far off', date }) });
    await runReminders();
    expect(await reminders(guest.token, later.id)).toHaveLength(0);

    // Moved into the lead time: due now. Moved again: due for its new start.
    await moveTo(later.id, dayFromNow(20));
    await eventually(async () => {
      await runReminders();
      return (await reminders(guest.token, later.id)).length === 1;
    });
    await moveTo(later.id, dayFromNow(21));
    await eventually(async () => {
      await runReminders();
      return (await reminders(guest.token, later.id)).length === 2;
    });
    await runReminders();
    expect(await reminders(guest.token, later.id)).toHaveLength(2);
  });

  it('reminds no one who turned event reminders off, and does not try again later', async () => {
    const quiet = await buildUser(p, 'Quinn Quiet');
    await p.api.send(identityRoutes.updateUser, {
      params: { id: quiet.id },
      token: quiet.token,
      body: { preferences: { notifications: { eventReminders: false } } },
    });
    await eventually(async () => {
      const { rows } = await sql<{ off: boolean }>`
        select not event_reminders as off from notifications.people where user_id = ${quiet.id}`.execute(p.database.root);
      return rows[0]?.off;
    });
    const event = (await p.api.call(eventsRoutes.createEvent, { token: host.token, body: buildEvent({ title: 'Quiet one' }) })).data;
    await p.api.send(eventsRoutes.register, { params: { id: event.id }, token: quiet.token });
    await eventually(async () => {
      await runReminders();
      const { rows } = await sql<{ n: string }>`
        select count(*) as n from notifications.reminders_sent where event_id = ${event.id} and user_id = ${quiet.id}`.execute(
        p.database.root,
      );
      return Number(rows[0]?.n) === 1;
    });
    expect(await reminders(quiet.token, event.id)).toHaveLength(0);
  });
});
