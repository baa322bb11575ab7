import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTokenVerifier } from '@commonwork/kit';
import { afterEach, describe, expect, it } from 'vitest';
import { issueAccessToken } from './accessTokens.ts';
import { loadKeyStore } from './keyStore.ts';
import { RETIRE_MARGIN_MS, rotateKeyFile } from './rotation.ts';

const TTL = 3_600;
const MINUTE = 60_000;
const ada = { sub: '6f1d2c3b-4a5e-4f60-8b7a-9c0d1e2f3a4b', email: 'ada@example.com', role: 'user' as const };

describe('rotating identity keys (npm run rotate-keys)', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });
  const keyFile = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rotate-'));
    dirs.push(dir);
    return join(dir, 'identity.json');
  };
  /** What the gateway and services do: verify against the key set identity publishes after a restart. */
  const verifierOf = async (file: string) => createTokenVerifier((await loadKeyStore(file)).accessKeys);

  it('publishes the new key first and signs with it only from its notBefore; tokens signed before keep verifying', async () => {
    const file = await keyFile();
    const before = await loadKeyStore(file);
    const old = before.active.kid;
    const oldToken = await issueAccessToken(before.active, ada, TTL);

    const now = new Date();
    const result = await rotateKeyFile(file, { now, ttlSeconds: TTL, publishFor: 15 * MINUTE });
    expect(result.added?.notBefore).toBe(new Date(now.getTime() + 15 * MINUTE).toISOString());
    expect(result.retired).toEqual([]);
    const restarted = await loadKeyStore(file);
    expect(restarted.jwks.keys.map((k) => k.kid)).toEqual([result.added?.kid, old]);
    // The JWKS is public keys only, without the file's own fields.
    expect(restarted.jwks.keys.every((k) => !('d' in k) && !('notBefore' in k))).toBe(true);
    // Not its time yet: the old key still signs.
    expect(restarted.active.kid).toBe(old);
    await expect((await verifierOf(file))(oldToken)).resolves.toMatchObject({ sub: ada.sub });
    // Still mode 600, as identity made it.
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('signs new tokens with the new key once it is due, verifies both, then retires the old one when its tokens have expired', async () => {
    const file = await keyFile();
    const before = await loadKeyStore(file);
    const old = before.active.kid;
    const oldToken = await issueAccessToken(before.active, ada, TTL);

    const rotatedAt = new Date();
    const { added } = await rotateKeyFile(file, { now: rotatedAt, ttlSeconds: TTL, publishFor: 0 });
    const after = await loadKeyStore(file);
    expect(after.active.kid).toBe(added?.kid);
    const newToken = await issueAccessToken(after.active, ada, TTL);
    expect(JSON.parse(Buffer.from(newToken.split('.')[0] as string, 'base64url').toString()).kid).toBe(added?.kid);
    const verify = await verifierOf(file);
    await expect(verify(oldToken)).resolves.toMatchObject({ sub: ada.sub });
    await expect(verify(newToken)).resolves.toMatchObject({ sub: ada.sub });

    // Within a token's lifetime of the switch the old key stays, and says until when.
    const early = await rotateKeyFile(file, {
      now: new Date(rotatedAt.getTime() + TTL * 1000),
      ttlSeconds: TTL,
      publishFor: 0,
      retireOnly: true,
    });
    expect(early.retired).toEqual([]);
    expect(early.verifying).toEqual([
      { kid: old, retireAfter: new Date(rotatedAt.getTime() + TTL * 1000 + RETIRE_MARGIN_MS).toISOString() },
    ]);
    await expect((await verifierOf(file))(oldToken)).resolves.toMatchObject({ sub: ada.sub });

    const late = new Date(rotatedAt.getTime() + TTL * 1000 + RETIRE_MARGIN_MS);
    const retired = await rotateKeyFile(file, { now: late, ttlSeconds: TTL, publishFor: 0, retireOnly: true });
    expect(retired).toMatchObject({ retired: [old], verifying: [] });
    expect(retired.added).toBeUndefined();
    const final = await verifierOf(file);
    // The old token has not expired (it is checked at the real time): refused for its key alone.
    await expect(final(oldToken)).rejects.toMatchObject({ statusCode: 401 });
    await expect(final(newToken)).resolves.toMatchObject({ sub: ada.sub });
  });

  it('adds no second key while one is still waiting to sign, and changes nothing', async () => {
    const file = await keyFile();
    await loadKeyStore(file);
    const now = new Date();
    const first = await rotateKeyFile(file, { now, ttlSeconds: TTL, publishFor: 15 * MINUTE });
    const text = await readFile(file, 'utf8');
    const second = await rotateKeyFile(file, { now: new Date(now.getTime() + MINUTE), ttlSeconds: TTL, publishFor: 15 * MINUTE });
    expect(second.added).toBeUndefined();
    expect(second.refused).toContain(first.added?.kid);
    expect(await readFile(file, 'utf8')).toBe(text);
  });

  it('refuses a missing key file rather than make one identity would not use', async () => {
    const file = await keyFile();
    await expect(rotateKeyFile(file, { now: new Date(), ttlSeconds: TTL, publishFor: 0 })).rejects.toThrow(/No key file at/);
  });
});
