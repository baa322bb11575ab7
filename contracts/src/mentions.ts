// `@username` in a message's text: found the same way by the server, which resolves it to the people
// mentioned, and by the web app, which highlights it. Usernames are letters, digits, `_`, `.` and `-`
// (contracts' `Username`).

/** A person who can be mentioned: their id and their username (none: they cannot be). */
export interface Mentionable {
  userId: string;
  username: string | null | undefined;
}

/** An `@name` in a text: where it starts (the `@`), and the names it may stand for, longest first. */
export interface MentionToken {
  index: number;
  /** What follows the `@`, then the same without trailing dots and dashes (`@ada.` ends a sentence). */
  names: string[];
}

// The `@` starts a mention only after the start, a space or punctuation: `ada@example.com` is an
// address, not a mention of `example.com`.
const MENTION = /(^|[^A-Za-z0-9_.@-])@([A-Za-z0-9_.-]+)/g;

/** Every `@name` in `content`, in order. */
export function mentionTokens(content: string): MentionToken[] {
  const tokens: MentionToken[] = [];
  for (const match of content.matchAll(MENTION)) {
    const [, before = '', name = ''] = match;
    const names = [name];
    for (let shorter = name.replace(/[.-]$/, ''); shorter && shorter !== names.at(-1); shorter = shorter.replace(/[.-]$/, ''))
      names.push(shorter);
    tokens.push({ index: (match.index ?? 0) + before.length, names });
  }
  return tokens;
}

/** Every name an `@` in `content` may stand for, lower-cased: what to look people up by. */
export function mentionedNames(content: string): string[] {
  return [...new Set(mentionTokens(content).flatMap((t) => t.names.map((n) => n.toLowerCase())))];
}

/**
 * The people `content` mentions among `members`, by username without regard to case, each once, in
 * the order first mentioned; an `@name` that is nobody's among them stays plain text.
 */
export function resolveMentions(content: string, members: readonly Mentionable[]): string[] {
  return [...new Set(mentionSpans(content, members).map((span) => span.userId))];
}

/** Where each resolved mention is in `content` (the `@` and the name), for highlighting. */
export function mentionSpans(content: string, members: readonly Mentionable[]): { start: number; end: number; userId: string }[] {
  const byName = new Map<string, string>();
  for (const m of members) if (m.username) byName.set(m.username.toLowerCase(), m.userId);
  const spans: { start: number; end: number; userId: string }[] = [];
  for (const token of mentionTokens(content)) {
    const name = token.names.find((n) => byName.has(n.toLowerCase()));
    const userId = name && byName.get(name.toLowerCase());
    if (name && userId) spans.push({ start: token.index, end: token.index + 1 + name.length, userId });
  }
  return spans;
}
