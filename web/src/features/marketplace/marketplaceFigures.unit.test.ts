import { describe, expect, it } from 'vitest';
import { marketplaceFigures } from './marketplaceFigures.ts';
import { FREELANCER_FIGURE_LABELS } from './messages.ts';

describe('the marketplace in numbers', () => {
  it('are the platform’s counts, each with its noun', () => {
    expect(marketplaceFigures({ members: 1, activeGigs: 300, events: 24 })).toEqual([
      { key: 'members', value: '1', label: 'member' },
      { key: 'activeGigs', value: '300', label: 'gigs on offer' },
      { key: 'events', value: '24', label: 'events' },
    ]);
    expect(marketplaceFigures({ members: 12_400, activeGigs: 1, events: 1 }).map((f) => `${f.value} ${f.label}`)).toEqual([
      '12,400 members',
      '1 gig on offer',
      '1 event',
    ]);
  });

  it('are none at all until counted: no marketing figure stands in', () => {
    expect(marketplaceFigures(undefined)).toEqual([]);
    expect(JSON.stringify(marketplaceFigures({ members: 0, activeGigs: 0, events: 0 }))).not.toMatch(/10K|95%|24\/7/);
  });

  it('label the freelancer’s figures without a placeholder', () => {
    expect(Object.values(FREELANCER_FIGURE_LABELS).join(' ')).not.toMatch(/\d/);
  });
});
