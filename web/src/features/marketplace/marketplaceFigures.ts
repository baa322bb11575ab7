import type { PlatformFigures } from '@commonwork/contracts';
import { formatCount } from '../../shared/format/index.ts';
import { t } from './browse/locales/index.ts';

import { MARKETPLACE_FIGURE_LABELS } from './messages.ts';

/** One figure of the hero: the count and its noun. */
export interface MarketplaceFigure {
  key: keyof PlatformFigures;
  value: string;
  label: string;
}

/** The hero's figures from the platform's counts (GET /api/platform/figures); none until they arrive. */
export function marketplaceFigures(figures: PlatformFigures | undefined): MarketplaceFigure[] {
  if (!figures) return [];
  return (Object.keys(MARKETPLACE_FIGURE_LABELS) as (keyof PlatformFigures)[]).map((key) => {
    return { key, value: formatCount(figures[key]), label: t(MARKETPLACE_FIGURE_LABELS[key], { count: figures[key] }) };
  });
}
