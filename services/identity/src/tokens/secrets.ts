import { createHash, randomBytes } from 'node:crypto';
import { PERSONAL_TOKEN_PREFIX } from '@commonwork/contracts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const SECRET_LENGTH = 40;
/** The largest multiple of 62 below 256: bytes from it up are drawn again, so every character is equally likely. */
const UNBIASED_BELOW = 256 - (256 % ALPHABET.length);

/** A new secret: `cw_pat_` and 40 characters of [A-Za-z0-9] from the operating system's random source (about 238 bits). */
export function newTokenSecret(): string {
  let out = '';
  while (out.length < SECRET_LENGTH) {
    for (const byte of randomBytes(SECRET_LENGTH)) {
      if (byte < UNBIASED_BELOW && out.length < SECRET_LENGTH) out += ALPHABET[byte % ALPHABET.length];
    }
  }
  return `${PERSONAL_TOKEN_PREFIX}${out}`;
}

/** What a secret is stored and found as. A fast hash is right here: the secret is random and long, so there is nothing to guess. */
export const hashOfSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The secret's first 11 characters (`cw_pat_` and four), shown in lists so a person can tell tokens apart. */
export const hintOf = (secret: string) => secret.slice(0, 11);
