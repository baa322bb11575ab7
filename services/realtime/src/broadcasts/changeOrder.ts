/**
 * The key a conversation's message changes are put in order under (ordering.ts), apart from its
 * posts: changes are numbered by the conversation's `revision` (1, 2, 3… with no gaps, as messaging
 * takes them under a lock), posts by `sequence`.
 */
export const changeOrderKey = (conversationId: string) => `changes:${conversationId}`;
