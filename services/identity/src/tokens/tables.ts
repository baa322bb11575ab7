import type { Scope } from '@commonwork/contracts';
import type { ColumnType, Selectable } from 'kysely';

/** A live personal access token (revoked ones are deleted): the projection of its stream. */
export interface PersonalTokensTable {
  id: string;
  user_id: string;
  name: string;
  scopes: ColumnType<Scope[], string, string>;
  hint: string;
  /** SHA-256 of the secret, hex; the secret itself is never stored. */
  secret_hash: string;
  created_at: Date;
  expires_at: Date | null;
}

/** When each token was last used, to the minute: a counter kept outside events (rebuilds leave it). */
export interface PersonalTokenUsesTable {
  token_id: string;
  last_used_at: Date;
}

export interface PersonalTokensTables {
  personal_tokens: PersonalTokensTable;
  personal_token_uses: PersonalTokenUsesTable;
}

export type PersonalTokenRow = Selectable<PersonalTokensTable>;
