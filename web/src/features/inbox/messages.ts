/** Inbox strings of spec 002 §2 and §8, word for word. */
export const INBOX_MESSAGES = {
  fetchChatsFailed: 'Failed to fetch chats',
  fetchMessagesFailed: 'Failed to fetch messages',
  sendFailed: 'Failed to send message',
  youPrefix: 'You: ',
  about: (title: string) => `About: ${title}`,
  pageLabel: (page: number, totalPages: number) => `Page ${page} of ${totalPages}`,
  chatStarted: (name: string) => `Chat started with ${name}!`,
} as const;
