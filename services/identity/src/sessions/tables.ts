/**
 * Each signed-in session, from sign-in until its token expires: kept outside events (see
 * docs/decisions/identity/signing-out.md), and deleted once its token has expired.
 */
export interface SessionsTable {
  id: string;
  user_id: string;
  started_at: Date;
  /** When its latest token expires: until then an ended session stays on the list verifiers refuse. */
  expires_at: Date;
  /** Signed out (by itself or by a sign-out everywhere); null while live. */
  ended_at: Date | null;
}

export interface SessionsTables {
  sessions: SessionsTable;
}
