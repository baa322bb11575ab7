import { type KeyFile, newKey, readKeyFile, type StoredKey, signsAt, writeKeyFile } from './keyStore.ts';

/**
 * How long after a key stops signing it is kept beyond the tokens' lifetime: a replica rolled out
 * late, or a clock a little ahead, may have signed with it a little after its successor's notBefore.
 */
export const RETIRE_MARGIN_MS = 10 * 60_000;

export interface RotationOptions {
  now: Date;
  /** ACCESS_TOKEN_TTL_SECONDS: a retired key's last tokens must have expired. */
  ttlSeconds: number;
  /** How long the new key is published before it signs: time to roll identity's replicas out. */
  publishFor: number;
  /** Only remove keys whose tokens have all expired; add none. */
  retireOnly?: boolean;
}

export interface RotationResult {
  /** The key added, and when it starts signing. */
  added?: { kid: string; notBefore: string };
  /** Keys removed: every token they signed has expired. */
  retired: string[];
  /** Keys that only verify now, and from when they may be removed. */
  verifying: { kid: string; retireAfter: string | null }[];
  /** Why nothing was added (a rotation still under way). */
  refused?: string;
}

/**
 * When a key that no longer signs may go: its successor's notBefore (when it stopped signing) plus
 * the tokens' lifetime and a margin; null when unknown (its successor was put in by hand, with no notBefore).
 */
function retireAfter(successor: StoredKey, ttlSeconds: number): Date | null {
  if (!successor.notBefore) return null;
  return new Date(Date.parse(successor.notBefore) + ttlSeconds * 1000 + RETIRE_MARGIN_MS);
}

/**
 * One step of key rotation on identity's key file. First the keys no token can need any more are
 * removed (those that stopped signing more than a token's lifetime ago); then, unless a new key is
 * still waiting for its notBefore, a new one is put first, signing from `now + publishFor`: identity
 * publishes it in its JWKS from its next start, so every replica and every verifier knows it before
 * any token carries it, and it takes over signing at that time by itself. The key before keeps
 * verifying until a later run retires it.
 */
export async function rotateKeys(keys: KeyFile, options: RotationOptions): Promise<{ keys: KeyFile; result: RotationResult }> {
  const { now, ttlSeconds } = options;
  const signingNow = keys.signing.findIndex((key) => signsAt(key, now));
  const kept: StoredKey[] = [];
  const result: RotationResult = { retired: [], verifying: [] };
  for (const [i, key] of keys.signing.entries()) {
    // Keys waiting to sign, and the one signing now, stay; an older one goes once its successor has
    // signed for longer than a token lives.
    const successor = keys.signing[i - 1];
    const after = i > signingNow && successor ? retireAfter(successor, ttlSeconds) : undefined;
    if (after === undefined) kept.push(key);
    else if (after && after <= now) result.retired.push(key.kid);
    else {
      kept.push(key);
      result.verifying.push({ kid: key.kid, retireAfter: after?.toISOString() ?? null });
    }
  }
  const waiting = kept.find((key) => !signsAt(key, now));
  if (options.retireOnly) return { keys: { ...keys, signing: kept }, result };
  if (waiting) {
    result.refused = `key ${waiting.kid} is published and starts signing at ${waiting.notBefore}: rotate again after that`;
    return { keys: { ...keys, signing: kept }, result };
  }
  const notBefore = new Date(now.getTime() + options.publishFor).toISOString();
  const added: StoredKey = { ...(await newKey()), notBefore };
  return { keys: { ...keys, signing: [added, ...kept] }, result: { ...result, added: { kid: added.kid, notBefore } } };
}

/** There is no key file where identity would read it. */
export class NoKeyFile extends Error {
  constructor(file: string) {
    super(`No key file at ${file}: identity makes it on its first start (or set IDENTITY_KEYS_FILE)`);
    this.name = 'NoKeyFile';
  }
}

/** `rotateKeys` on a key file, replaced whole when anything changed; refuses a missing file (identity makes it on its first start). */
export async function rotateKeyFile(file: string, options: RotationOptions): Promise<RotationResult> {
  const keys = await readKeyFile(file);
  if (!keys) throw new NoKeyFile(file);
  const rotated = await rotateKeys(keys, options);
  if (rotated.result.added || rotated.result.retired.length > 0) await writeKeyFile(file, rotated.keys);
  return rotated.result;
}
