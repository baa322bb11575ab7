import { describe, expect, it } from 'vitest';
import { tileValues } from './tiles.ts';

const stats = (activeGigs: number | null) => ({
  activeGigs: 4,
  events: 2,
  messages: 9,
  changes: { activeGigs, events: null, messages: null },
});

describe('the dashboard tiles', () => {
  it('read the gig analytics, the success rate being the average rating × 20, rounded', () => {
    const tiles = tileValues({ activeGigs: 3, activeOrders: 0, totalRevenue: 1250, avgRating: 4.63 }, stats(50));
    expect(tiles.activeProjects).toEqual({ value: '3', change: 50 });
    expect(tiles.totalEarnings).toEqual({ value: '$1,250', change: null });
    expect(tiles.successRate).toEqual({ value: '93%', change: null });
  });

  it('count the orders the seller works on among Active Projects, beside the active gigs', () => {
    expect(tileValues({ activeGigs: 2, activeOrders: 3, totalRevenue: 0, avgRating: 0 }, stats(null)).activeProjects).toEqual({
      value: '5',
      change: null,
    });
  });

  it('show a change only where last month gives one: never for earnings or success rate, which keep no history', () => {
    const tiles = tileValues({ activeGigs: 0, activeOrders: 0, totalRevenue: 0, avgRating: 0 }, stats(null));
    expect([tiles.activeProjects.change, tiles.totalEarnings.change, tiles.successRate.change]).toEqual([null, null, null]);
  });

  it('show no success rate before the first review, rather than 0 %', () => {
    expect(tileValues({ activeGigs: 1, activeOrders: 0, totalRevenue: 0, avgRating: 0 }, stats(null)).successRate).toEqual({
      value: '—',
      change: null,
      note: 'No reviews yet',
    });
  });

  it('invent nothing when analytics failed: the statistics’ active count, and no earnings nor rate', () => {
    const tiles = tileValues(null, stats(-25));
    expect(tiles.activeProjects).toEqual({ value: '4', change: -25 });
    expect(tiles.totalEarnings.value).toBe('—');
    expect(tiles.successRate.value).toBe('—');
    expect(JSON.stringify(tileValues(null, null))).not.toMatch(/94|\$0/);
  });
});
