/** Community strings of spec 002 §2, §5, §6 and §8, word for word. */
export const COMMUNITY_MESSAGES = {
  loadChannelsFailed: 'Failed to load channels',
  loadMessagesFailed: 'Failed to load messages',
  sendFailed: 'Failed to send message',
  createFailed: 'Failed to create channel',
  created: 'Channel created successfully!',
  nameRequired: 'Channel name is required',
  joinLinkGenerated: 'Join link generated successfully!',
  joinLinkCopied: 'Join link copied to clipboard!',
  joinLinkFailed: 'Failed to generate join link',
  adminOnly: 'Admin Only',
  adminOnlyHint: 'Only channel admins can generate join links',
  /** Spec 002 §8: socket send problems (the REST fallback runs after either). */
  socketNotConnected: 'Socket not connected',
  sendTimeout: 'Message send timeout',
} as const;
