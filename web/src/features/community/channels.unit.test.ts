import { describe, expect, it } from 'vitest';
import { channelPath, channelSections, isChannelAdmin, splitMembers } from './channels.ts';
import { buildChannel } from './testChannels.ts';

const me = '00000000-0000-4000-8000-0000000000aa';
const other = '00000000-0000-4000-8000-0000000000bb';

describe('channelSections', () => {
  const channels = [
    buildChannel({ name: 'design', lastActivity: '2025-01-02T00:00:00.000Z' }),
    buildChannel({ name: 'Random', isPinned: true }),
    buildChannel({ name: 'react-devs', lastActivity: '2025-01-03T00:00:00.000Z' }),
  ];

  it('puts pinned channels in their own section and the rest in All Channels, newest activity first', () => {
    const { pinned, all } = channelSections(channels, '');
    expect(pinned.map((c) => c.name)).toEqual(['Random']);
    expect(all.map((c) => c.name)).toEqual(['react-devs', 'design']);
  });

  it('searches by name, ignoring case and surrounding spaces', () => {
    const { pinned, all } = channelSections(channels, '  RAN ');
    expect(pinned.map((c) => c.name)).toEqual(['Random']);
    expect(all).toEqual([]);
  });

  it('keeps only starred channels, in both sections, while the Starred filter is on', () => {
    const marked = [
      ...channels,
      buildChannel({ name: 'starred-pinned', isPinned: true, isStarred: true }),
      buildChannel({ name: 'starred', isStarred: true }),
    ];
    const { pinned, all } = channelSections(marked, '', true);
    expect(pinned.map((c) => c.name)).toEqual(['starred-pinned']);
    expect(all.map((c) => c.name)).toEqual(['starred']);
    expect(channelSections(marked, 'pinned', true).all).toEqual([]);
  });
});

describe('isChannelAdmin', () => {
  it('is true for the creator and for listed admins only', () => {
    expect(isChannelAdmin(buildChannel({ creator: { _id: me }, admins: [] }), me)).toBe(true);
    expect(isChannelAdmin(buildChannel({ admins: [{ _id: me }] }), me)).toBe(true);
    expect(isChannelAdmin(buildChannel(), me)).toBe(false);
    expect(isChannelAdmin(buildChannel(), null)).toBe(false);
  });
});

describe('splitMembers', () => {
  const members = [
    { _id: me, name: 'Zoe', profilePicture: '', status: 'offline' as const },
    { _id: other, name: 'Ada', profilePicture: '', status: 'offline' as const },
  ];

  it('uses live status over the listed one and sorts each group by name', () => {
    const { online, offline } = splitMembers(members, new Map([[me, 'online' as const]]));
    expect(online.map((m) => m.name)).toEqual(['Zoe']);
    expect(offline.map((m) => m.name)).toEqual(['Ada']);
  });

  it('shows the connected user as online', () => {
    expect(splitMembers(members, new Map(), me).online.map((m) => m.name)).toEqual(['Zoe']);
  });

  it('counts away as online', () => {
    expect(splitMembers(members, new Map([[other, 'away' as const]])).online.map((m) => m.name)).toEqual(['Ada']);
  });
});

describe('channelPath', () => {
  it('opens /community with the channel named in the address', () => {
    expect(channelPath('5df9d933-b78e-40fc-ae18-ffaee9de164a')).toBe('/community?channel=5df9d933-b78e-40fc-ae18-ffaee9de164a');
  });
});
