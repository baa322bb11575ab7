import type { SessionResponse } from '@commonwork/contracts';
import { issueAccessToken } from '../keys/accessTokens.ts';
import type { KeyStore } from '../keys/keyStore.ts';
import type { UserRow } from '../tables.ts';
import { presentUser } from '../users/present.ts';

/** The answer of every sign-in call: the user as they see themselves and a fresh access token. */
export async function sessionFor(
  keys: KeyStore,
  ttlSeconds: number,
  row: UserRow,
  isNewUser: boolean,
  message: string,
): Promise<SessionResponse> {
  const token = await issueAccessToken(keys.active, { sub: row.id, email: row.email, role: row.role }, ttlSeconds);
  return { success: true, message, user: presentUser(row, row.id), token, isNewUser };
}
