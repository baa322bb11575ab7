import { describe, expect, it } from 'vitest';
import { tileValues } from './tiles.ts';

const stats = { activeGigs: 4, events: 2, messages: 9, changes: { activeGigs: 0, events: 0, messages: 0 } };

describe('the dashboard tiles', () => {
  it('read the gig analytics, the success rate being the average rating × 20, rounded', () => {
    expect(tileValues({ activeGigs: 3, totalRevenue: 1250, avgRating: 4.63 }, stats)).toEqual({
      activeProjects: '3',
      totalEarnings: '$1,250',
      successRate: '93%',
    });
  });

  it('fall back to the statistics’ active count, no earnings and 94 percent only when analytics failed', () => {
    expect(tileValues(null, stats)).toEqual({ activeProjects: '4', totalEarnings: '$0', successRate: '94%' });
    expect(tileValues(null, null)).toEqual({ activeProjects: '0', totalEarnings: '$0', successRate: '94%' });
  });
});
