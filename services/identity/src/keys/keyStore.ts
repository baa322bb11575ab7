import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
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
 * Loads the keys from a file, creating it (mode 600) on first start, so tokens survive restarts.
 * Rotation: put a new key first in `signing`; older keys keep verifying until they are removed.
 * Without a file (tests), keys live in memory.
 */
export async function loadKeyStore(file?: string): Promise<KeyStore> {
  let stored: z.infer<typeof KeyFile>;
  const existing = file ? await readFile(file, 'utf8').catch(() => null) : null;
  if (existing) {
    stored = KeyFile.parse(JSON.parse(existing));
  } else {
    stored = { signing: [await newKey()], dev: await newKey() };
    if (file) {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, JSON.stringify(stored), { mode: 0o600 });
    }
  }
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
