/** Join-by-link strings of spec 002 §8, word for word. */
export const JOIN_MESSAGES = {
  joined: (name: string) => `Successfully joined #${name}!`,
  failed: 'Failed to join channel',
} as const;
