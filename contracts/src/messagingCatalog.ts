// The messaging domain's fixed lists, limits and sentences, without zod: screens that only show channels
// and chats import these; the schemas stay with the forms and servers that validate.
export const CHANNEL_TYPES = ['public', 'private'] as const;

export const CHANNEL_CATEGORIES = ['general', 'random', 'tech', 'music'] as const;

export const MESSAGE_PAGE_SIZE = 50;

export const CHAT_PAGE_SIZE = 20;

export const MESSAGING_LIMITS = { channelName: 80, channelDescription: 500, message: 4_000 } as const;

/** A join link that is malformed, unknown or revoked: one answer for all three. */
export const INVALID_JOIN_LINK = 'This join link is invalid or has been revoked';
