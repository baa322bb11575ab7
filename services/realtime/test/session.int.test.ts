import { SOCKET_EVENTS as E } from '@commonwork/contracts';
import { issueAccessToken } from '@commonwork/identity';
import { SESSION_EXPIRED } from '@commonwork/kit';
import { buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from './support.ts';

describe('a live connection and its session', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform();
  });
  afterAll(() => p?.stop());

  it('ends when the access token that opened it expires, and says why', async () => {
    const ada = await buildUser(p, 'Ada Lovelace');
    const shortLived = await issueAccessToken(p.keys.active, { sub: ada.id, email: ada.email, role: 'user' }, 2);
    const client = await connect(p.services.realtime.url, shortLived);
    const lasting = await connect(p.services.realtime.url, ada.token);
    try {
      expect(client.socket.connected).toBe(true);
      expect(await client.next(E.error)).toEqual({ message: SESSION_EXPIRED });
      await eventually(async () => !client.socket.connected);
      // The person's other connection, opened with a token that still holds, stays.
      expect(lasting.socket.connected).toBe(true);
    } finally {
      client.close();
      lasting.close();
    }
  });
});
