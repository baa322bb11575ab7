/** How often the composer says its person is typing, at most (the server relays one per 2 s too). */
export const TYPING_SEND_EVERY_MS = 2_000;
/** How long someone shows as typing after their last `user-typing`. */
export const TYPING_SHOWN_FOR_MS = 5_000;

/** The line under the composer: a message id of conversation's catalog and its values, or nothing. */
export type TypingPhrase =
  | { id: 'conversation.typingOne'; values: { name: string } }
  | { id: 'conversation.typingTwo'; values: { first: string; second: string } }
  | { id: 'conversation.typingMany'; values: Record<string, never> };

/** 'Ada is typing…', 'Ada and Bo are typing…', then 'Several people are typing…' (issue 29). */
export function typingPhrase(names: readonly string[]): TypingPhrase | null {
  const [first, second] = names;
  if (first === undefined) return null;
  if (second === undefined) return { id: 'conversation.typingOne', values: { name: first } };
  if (names.length === 2) return { id: 'conversation.typingTwo', values: { first, second } };
  return { id: 'conversation.typingMany', values: {} };
}

/**
 * Who is typing in one conversation: each person shown from their first `user-typing` until
 * `shownForMs` after their last, or until their message arrives; in the order they started.
 * `onChange` hears the names whenever the list changes.
 */
export class Typists {
  private readonly typing = new Map<string, { name: string; timer: ReturnType<typeof setTimeout> }>();

  constructor(
    private readonly onChange: (names: string[]) => void,
    private readonly shownForMs = TYPING_SHOWN_FOR_MS,
  ) {}

  /** Someone typed: shown (again) for the next `shownForMs`. */
  started(userId: string, name: string) {
    const held = this.typing.get(userId);
    if (held) clearTimeout(held.timer);
    const timer = setTimeout(() => this.stopped(userId), this.shownForMs);
    // Map.set keeps an existing key's place: a person keeps their place while they go on typing.
    this.typing.set(userId, { name, timer });
    if (held?.name !== name) this.changed();
  }

  /** Their message arrived, or their time ran out. */
  stopped(userId: string) {
    const held = this.typing.get(userId);
    if (!held) return;
    clearTimeout(held.timer);
    this.typing.delete(userId);
    this.changed();
  }

  /** Forgets everyone (the conversation closed). */
  clear() {
    for (const { timer } of this.typing.values()) clearTimeout(timer);
    this.typing.clear();
  }

  names(): string[] {
    return [...this.typing.values()].map((t) => t.name);
  }

  private changed() {
    this.onChange(this.names());
  }
}

/** Says whether to send `typing` now: at most once every `everyMs`. */
export function typingThrottle(everyMs = TYPING_SEND_EVERY_MS, now: () => number = Date.now) {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const at = now();
    if (at - last < everyMs) return false;
    last = at;
    return true;
  };
}
