import type { GigInput } from '@commonwork/contracts';

let n = 0;

/** A valid gig body: `buildGig({ price: 50 })`. */
export function buildGig(overrides: Partial<GigInput> = {}): GigInput {
  n++;
  return {
    title: `Responsive landing page ${n}`,
    description: 'I build fast, accessible landing pages with React and Tailwind, tested on every screen size.',
    category: 'web',
    subCategory: 'frontend',
    price: 250,
    deliveryTime: '7',
    tags: ['react', 'tailwind'],
    status: 'active',
    ...overrides,
  };
}
