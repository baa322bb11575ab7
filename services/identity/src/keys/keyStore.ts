import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type CryptoKey, createLocalJWKSet, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { z } from 'zod';

/**
 * A private JWK as stored. `notBefore`: the time a signing key starts signing (the rotation's
 * new key, published a while before so every replica and verifier knows it first); absent, at once.
 */
const StoredKey = z.object({ kid: z.string(), kty: z.string(), notBefore: z.iso.datetime().optional() }).passthrough();
export const KeyFile = z.object({ signing: z.array(StoredKey).min(1), dev: StoredKey });
export type KeyFile = z.infer<typeof KeyFile>;
export type StoredKey = z.infer<typeof StoredKey>;

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

/**
 * Identity's keys: access-token signing keys (newest first; the first whose `notBefore` has come
 * signs, all verify) and the dev issuer's key.
 */
export interface KeyStore {
  /** The key that signs now: read at each signing, so a rotation's key takes over at its `notBefore` without a restart. */
  readonly active: SigningKey;
  dev: SigningKey;
  /** The public JWKS other processes verify access tokens with. */
  jwks: { keys: JWK[] };
  accessKeys: ReturnType<typeof createLocalJWKSet>;
  devKeys: ReturnType<typeof createLocalJWKSet>;
}

const ALG = 'ES256';

type KeyJwk = JWK & { kid: string; kty: string };

export async function newKey(): Promise<KeyJwk> {
  const { privateKey } = await generateKeyPair(ALG, { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kty: jwk.kty ?? 'EC', kid: randomUUID(), alg: ALG, use: 'sig' };
}

const publicPart = ({ d: _d, notBefore: _notBefore, ...rest }: JWK & { notBefore?: string }): JWK => rest;

/** Whether a signing key may sign at `now`. */
export const signsAt = (key: StoredKey, now: Date) => !key.notBefore || Date.parse(key.notBefore) <= now.getTime();

/** Reads and checks a key file; null when there is none. */
export async function readKeyFile(file: string): Promise<KeyFile | null> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  return text === null ? null : KeyFile.parse(JSON.parse(text));
}

/** Replaces a key file whole (written aside with mode 600, renamed into place): a reader sees the old file or the new one. */
export async function writeKeyFile(file: string, keys: KeyFile): Promise<void> {
  const own = `${file}.${process.pid}.${randomUUID()}`;
  await writeFile(own, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  await rename(own, file);
}

/**
 * The key file, made on first use. Replicas starting at once must end up with the same keys: each
 * writes its new keys to a file of its own and links it into place, which only the first can do
 * (an atomic create); the others read what the first linked.
 */
async function keysOnDisk(file: string): Promise<KeyFile> {
  const existing = await readKeyFile(file);
  if (existing) return existing;
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
 * Rotation (`npm run rotate-keys`, rotation.ts): a new key first in `signing` with a `notBefore`;
 * older keys keep verifying until they are removed. Without a file (tests), keys live in memory.
 */
export async function loadKeyStore(file?: string): Promise<KeyStore> {
  const stored = file ? await keysOnDisk(file) : { signing: [await newKey()], dev: await newKey() };
  const toSigning = async ({ notBefore: _notBefore, ...jwk }: StoredKey): Promise<SigningKey> => ({
    kid: jwk.kid,
    privateKey: (await importJWK(jwk as JWK, ALG)) as CryptoKey,
  });
  const signing = await Promise.all(stored.signing.map(async (key) => ({ key, signer: await toSigning(key) })));
  const signerAt = (now: Date) => signing.find(({ key }) => signsAt(key, now))?.signer;
  const atLoad = signerAt(new Date());
  if (!atLoad) throw new Error('No key of the key file may sign yet: every signing key has a notBefore to come');
  const jwks = { keys: stored.signing.map((key) => publicPart(key as JWK)) };
  return {
    get active() {
      // A clock set back before the load's signer's notBefore keeps that signer.
      return signerAt(new Date()) ?? atLoad;
    },
    dev: await toSigning(stored.dev),
    jwks,
    accessKeys: createLocalJWKSet(jwks),
    devKeys: createLocalJWKSet({ keys: [publicPart(stored.dev as JWK)] }),
  };
}
