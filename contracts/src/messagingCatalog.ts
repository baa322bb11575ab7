// The messaging domain's fixed lists, limits and sentences, without zod: screens that only show channels
// and chats import these; the schemas stay with the forms and servers that validate.
export const CHANNEL_TYPES = ['public', 'private'] as const;

export const CHANNEL_CATEGORIES = ['general', 'random', 'tech', 'music'] as const;

export const MESSAGE_PAGE_SIZE = 50;

export const CHAT_PAGE_SIZE = 20;

export const MESSAGING_LIMITS = {
  channelName: 80,
  channelDescription: 500,
  message: 4_000,
  /** Distinct emoji on one message. */
  reactionsPerMessage: 20,
  attachmentsPerMessage: 10,
  /** An incoming webhook's name, and the `username` a post through it may show instead. */
  hookName: 80,
} as const;

/**
 * An incoming webhook's secret URL is `/api/hooks/` + this prefix + 40 random characters (a prefix
 * secret scanners can match). Posts through one hook: one a second sustained, bursts of `burst`.
 */
export const INCOMING_HOOKS = { pathPrefix: '/api/hooks/', tokenPrefix: 'cw_hook_', perSecond: 1, burst: 5 } as const;

/** What a deleted message shows in its place (its tombstone keeps its place in the sequence). */
export const DELETED_MESSAGE = 'This message was deleted';

/** A join link that is malformed, unknown or revoked: one answer for all three. */
export const INVALID_JOIN_LINK = 'This join link is invalid or has been revoked';

/**
 * Who a system line (an order's step in a conversation) is from: no person, so nobody may edit,
 * delete or react to it, and both participants have it to read. Not an id any account can have.
 */
export const SYSTEM_SENDER = { id: '00000000-0000-5000-8000-000000000001', name: 'Commonwork', picture: '' } as const;

/** The answer to a change of a system line. */
export const SYSTEM_LINE_UNCHANGEABLE = "An order's step in the conversation cannot be edited, deleted or reacted to";
