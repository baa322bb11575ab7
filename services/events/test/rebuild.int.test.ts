import { eventsRoutes } from '@commonwork/contracts';
import { buildEvent, buildUser, expectRebuildReproduces, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projections } from '../src/index.ts';

describe('events rebuild', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform();
  });
  afterAll(() => p.stop());

  it('replays every event-stream event (created, edited, deleted, seats taken and given up) into exactly what the live path built', async () => {
    const [ada, bob, carol] = await Promise.all([buildUser(p, 'Ada'), buildUser(p, 'Bob'), buildUser(p, 'Carol')]);
    const create = (body: ReturnType<typeof buildEvent>) => p.api.send(eventsRoutes.createEvent, { token: ada.token, body });
    const open = await create(buildEvent({ maxAttendees: 5 }));
    const draft = await create(buildEvent({ status: 'draft' }));
    const doomed = await create(buildEvent());
    const id = open.body.data.id;
    const steps = [
      await p.api.send(eventsRoutes.register, { params: { id }, token: bob.token }),
      await p.api.send(eventsRoutes.register, { params: { id }, token: carol.token }),
      await p.api.send(eventsRoutes.cancelRegistration, { params: { id }, token: bob.token }),
      await p.api.send(eventsRoutes.updateEvent, {
        params: { id },
        token: ada.token,
        body: buildEvent({ title: 'Edited meetup', maxAttendees: 3 }),
      }),
      await p.api.send(eventsRoutes.updateEvent, { params: { id: draft.body.data.id }, token: ada.token, body: buildEvent() }),
      await p.api.send(eventsRoutes.register, { params: { id: doomed.body.data.id }, token: bob.token }),
      await p.api.send(eventsRoutes.deleteEvent, { params: { id: doomed.body.data.id }, token: ada.token }),
    ];
    expect(steps.map((s) => s.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    await expectRebuildReproduces(p.database, projections);
  });
});
