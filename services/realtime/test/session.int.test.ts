import { SOCKET_EVENTS as E, identityRoutes } from '@commonwork/contracts';
import { issueAccessToken } from '@commonwork/identity';
import { SESSION_ENDED, SESSION_EXPIRED } from '@commonwork/kit';
import { buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, startReplicas } from './support.ts';

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

  it('ends within about a second when its session is signed out, and says why; the person’s other sessions stay', async () => {
    const ada = await buildUser(p, 'Ada Signing Out');
    const dev = await p.api.call(identityRoutes.devToken, { body: { email: ada.email, name: 'Ada Signing Out' } });
    const laptop = (await p.api.call(identityRoutes.googleSignIn, { body: { token: dev.token } })).token;
    const client = await connect(p.services.realtime.url, ada.token);
    const other = await connect(p.services.realtime.url, laptop);
    try {
      expect((await p.api.send(identityRoutes.signOut, { token: ada.token })).status).toBe(200);
      const at = Date.now();
      expect(await client.next(E.error)).toEqual({ message: SESSION_ENDED });
      await eventually(async () => !client.socket.connected);
      expect(Date.now() - at).toBeLessThanOrEqual(1_500);
      expect(other.socket.connected).toBe(true);
      // A new socket with the signed-out token is refused at the handshake.
      await expect(connect(p.services.realtime.url, ada.token)).rejects.toMatchObject({ data: { reason: SESSION_ENDED } });
    } finally {
      client.close();
      other.close();
    }
  });

  // Last: it stops the platform's own replica for two of the test's.
  it('ends on every replica that holds a socket of the signed-out session', async () => {
    const replicas = await startReplicas(p);
    const bea = await buildUser(p, 'Bea Two Replicas');
    const onA = await connect(replicas.a.url, bea.token);
    const onB = await connect(replicas.b.url, bea.token);
    try {
      expect((await p.api.send(identityRoutes.signOut, { token: bea.token })).status).toBe(200);
      const at = Date.now();
      for (const client of [onA, onB]) {
        expect(await client.next(E.error)).toEqual({ message: SESSION_ENDED });
        await eventually(async () => !client.socket.connected);
      }
      expect(Date.now() - at).toBeLessThanOrEqual(1_500);
    } finally {
      onA.close();
      onB.close();
      await replicas.stop();
    }
  });
});
