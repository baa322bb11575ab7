import { afterEach, describe, expect, it } from 'vitest';
import { activate, loadLocale } from '../../shared/i18n/i18n.ts';
import { greetingLine } from './greeting.ts';
import { tileValues } from './tiles.ts';

afterEach(() => activate('en'));

describe('the dashboard in another language', () => {
  it('greets in the language, with or without a name', async () => {
    const morning = new Date(2025, 5, 15, 9);
    expect(greetingLine(morning, 'Ada')).toBe('Good morning, Ada!');
    await loadLocale('es');
    activate('es');
    expect(greetingLine(morning, 'Ada')).toBe('¡Buenos días, Ada!');
    expect(greetingLine(new Date(2025, 5, 15, 20), '')).toBe('¡Buenas noches!');
  });

  it('writes the tiles’ figures in its form', async () => {
    await loadLocale('de');
    activate('de');
    const tiles = tileValues({ activeGigs: 1200, activeOrders: 0, totalRevenue: 1250, avgRating: 4.63 }, null);
    expect([tiles.activeProjects.value, tiles.totalEarnings.value, tiles.successRate.value]).toEqual([
      '1.200',
      '1.250\u00a0$',
      '93\u00a0%',
    ]);
  });
});
