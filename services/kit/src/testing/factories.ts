import type { GigInput } from '@commonwork/contracts';

let gigs = 0;

/** A valid gig body for `POST /api/gigs`: `buildGig({ price: 50 })`. */
export function buildGig(overrides: Partial<GigInput> = {}): GigInput {
  gigs++;
  return {
    title: `Responsive landing page ${gigs}`,
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
