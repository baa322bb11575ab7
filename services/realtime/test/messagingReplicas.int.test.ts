import { buildUser, freePort, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessagingClient } from '../src/messagingClient.ts';

describe("the realtime tier's calls to messaging", () => {
  let p: TestPlatform;
  let ada: Awaited<ReturnType<typeof buildUser>>;
  /** Nothing listens there: a messaging replica that was killed. */
  let GONE: string;
  beforeAll(async () => {
    GONE = `http://127.0.0.1:${await freePort()}`;
    p = await startTestPlatform();
    ada = await buildUser(p, 'Ada Sockets');
  });
  afterAll(() => p?.stop());

  it('go on to the next messaging replica when one refuses the connection', async () => {
    const messaging = createMessagingClient([GONE, p.services.messaging.url]);
    for (let i = 0; i < 4; i++) expect((await messaging.listChannels(ada.token)).ok).toBe(true);
  });

  it('say messaging is unavailable (503) when no replica answers', async () => {
    expect(await createMessagingClient([GONE]).listChannels(ada.token)).toEqual({
      ok: false,
      status: 503,
      message: 'Messaging is unavailable',
    });
  });
});
