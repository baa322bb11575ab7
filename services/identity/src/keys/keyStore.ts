import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type CryptoKey, createLocalJWKSet, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { z } from 'zod';

const StoredKey = z.object({ kid: z.string(), kty: z.string() }).passthrough();
const KeyFile = z.object({ signing: z.array(StoredKey).min(1), dev: StoredKey });

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

/** Identity's keys: access-token signing keys (first is active, all verify) and the dev issuer's key. */
export interface KeyStore {
  active: SigningKey;
  dev: SigningKey;
  /** The public JWKS other processes verify access tokens with. */
  jwks: { keys: JWK[] };
  accessKeys: ReturnType<typeof createLocalJWKSet>;
  devKeys: ReturnType<typeof createLocalJWKSet>;
}

const ALG = 'ES256';

type KeyJwk = JWK & { kid: string; kty: string };

async function newKey(): Promise<KeyJwk> {
  const { privateKey } = await generateKeyPair(ALG, { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kty: jwk.kty ?? 'EC', kid: randomUUID(), alg: ALG, use: 'sig' };
}

const publicPart = ({ d: _d, ...rest }: JWK): JWK => rest;

/**
 * The key file, made on first use. Replicas starting at once must end up with the same keys: each
 * writes its new keys to a file of its own and links it into place, which only the first can do
 * (an atomic create); the others read what the first linked.
 */
async function keysOnDisk(file: string): Promise<z.infer<typeof KeyFile>> {
  const existing = await readFile(file, 'utf8').catch(() => null);
  if (existing) return KeyFile.parse(JSON.parse(existing));
  const fresh = { signing: [await newKey()], dev: await newKey() };
  await mkdir(dirname(file), { recursive: true });
  const own = `${file}.${process.pid}.${randomUUID()}`;
  await writeFile(own, JSON.stringify(fresh), { mode: 0o600 });
  try {
    await link(own, file);
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return KeyFile.parse(JSON.parse(await readFile(file, 'utf8')));
  } finally {
    await unlink(own);
  }
}

/**
 * Loads the keys from a file, creating it (mode 600) on first start, so tokens survive restarts.
 * Rotation: put a new key first in `signing`; older keys keep verifying until they are removed.
 * Without a file (tests), keys live in memory.
 */
export async function loadKeyStore(file?: string): Promise<KeyStore> {
  const stored = file ? await keysOnDisk(file) : { signing: [await newKey()], dev: await newKey() };
  const toSigning = async (jwk: KeyJwk): Promise<SigningKey> => ({
    kid: jwk.kid,
    privateKey: (await importJWK(jwk, ALG)) as CryptoKey,
  });
  const [active] = stored.signing as KeyJwk[];
  if (!active) throw new Error('No signing key');
  const jwks = { keys: (stored.signing as JWK[]).map(publicPart) };
  return {
    active: await toSigning(active),
    dev: await toSigning(stored.dev as KeyJwk),
    jwks,
    accessKeys: createLocalJWKSet(jwks),
    devKeys: createLocalJWKSet({ keys: [publicPart(stored.dev as JWK)] }),
  };
}
