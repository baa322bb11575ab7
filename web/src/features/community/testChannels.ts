import type { Channel } from '@commonwork/contracts';

/** A channel as the list call answers it, for unit tests: `buildChannel({ isPinned: true })`. */
export function buildChannel(overrides: Partial<Channel> = {}): Channel {
  const id = overrides.id ?? crypto.randomUUID();
  return {
    _id: id,
    id,
    name: 'general',
    description: '',
    type: 'public',
    category: 'general',
    creator: { _id: '00000000-0000-4000-8000-0000000000bb' },
    admins: [{ _id: '00000000-0000-4000-8000-0000000000bb' }],
    members: [],
    memberCount: 1,
    messageCount: 0,
    unreadCount: 0,
    mentionCount: 0,
    isPinned: false,
    isStarred: false,
    isMember: true,
    lastActivity: '2025-01-01T00:00:00.000Z',
    lastSequence: 0,
    readSequence: 0,
    ...overrides,
  };
}
