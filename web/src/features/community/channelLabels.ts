import type { CHANNEL_CATEGORIES, CHANNEL_TYPES } from '@commonwork/contracts';
import { t } from './locales/index.ts';

const TYPES = {
  public: 'community.type.public',
  private: 'community.type.private',
} as const satisfies Record<(typeof CHANNEL_TYPES)[number], string>;

const CATEGORIES = {
  general: 'community.category.general',
  random: 'community.category.random',
  tech: 'community.category.tech',
  music: 'community.category.music',
} as const satisfies Record<(typeof CHANNEL_CATEGORIES)[number], string>;

/** A channel type's name in the language shown ('Public'); an unknown one as it came. */
export const channelTypeLabel = (type: string) => (Object.hasOwn(TYPES, type) ? t(TYPES[type as keyof typeof TYPES]) : type);

/** A channel category's name in the language shown ('General'); an unknown one as it came. */
export const channelCategoryLabel = (category: string) =>
  Object.hasOwn(CATEGORIES, category) ? t(CATEGORIES[category as keyof typeof CATEGORIES]) : category;
