import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, remoteTokenVerifier } from '../src/index.ts';
import { freePort } from '../src/testing/index.ts';

// Found while rolling the cluster (issue 13, finding 3): with the one identity replica every service
// fetched keys from killed, a service that had not cached them yet answered every call 500.
describe('checking access tokens against identity replicas', () => {
  let identity: Server;
  let url: string;
  let token: string;
  const sub = randomUUID();
  /** Nothing listens there: an identity replica that was killed. */
  let GONE: string;

  beforeAll(async () => {
    GONE = `http://127.0.0.1:${await freePort()}`;
    const { publicKey, privateKey } = await generateKeyPair('ES256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
    identity = createServer((_request, response) =>
      response.setHeader('content-type', 'application/json').end(JSON.stringify({ keys: [jwk] })),
    );
    await new Promise<void>((resolve) => identity.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(identity.address() as AddressInfo).port}`;
    token = await new SignJWT({ email: 'ada@example.com', role: 'user', sid: randomUUID() })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setSubject(sub)
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setExpirationTime('5m')
      .sign(privateKey);
  });
  afterAll(() => new Promise((resolve) => identity.close(resolve)));

  it('takes the key set from the first replica that answers', async () => {
    expect(await remoteTokenVerifier([GONE, url])(token)).toMatchObject({ sub, role: 'user' });
  });

  it('answers 503, not 500, when no replica answers, and 401 for a bad token either way', async () => {
    await expect(remoteTokenVerifier([GONE, `http://127.0.0.1:${await freePort()}`])(token)).rejects.toMatchObject({
      statusCode: 503,
      code: 'AUTH_UNAVAILABLE',
    });
    await expect(remoteTokenVerifier([GONE, url])(`${token.slice(0, -4)}AAAA`)).rejects.toMatchObject({ statusCode: 401 });
  });
});
