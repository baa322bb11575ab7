import { batchTime, projectionSpec, SPEC_START, specId } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import { gigAggregate } from '../src/gigs/aggregate.ts';
import type { GigEvent, GigFields, GigStatus } from '../src/gigs/gig.ts';
import { migrations } from '../src/migrations.ts';

const owner = specId(100);
const fields = (title: string, price = 250): GigFields => ({
  title,
  description: 'Fast, accessible landing pages, tested on every screen size.',
  category: 'web',
  subCategory: 'frontend',
  price,
  deliveryTime: '7',
  tags: ['react', 'tailwind'],
});
const created = (n: number, title: string, status: GigStatus = 'active', price = 250): GigEvent => ({
  type: 'GigCreated',
  data: { gigId: specId(n), ownerId: owner, status, fields: fields(title, price) },
});
const edited = (n: number, title: string, status: GigStatus, previousStatus: GigStatus, price = 250): GigEvent => ({
  type: 'GigEdited',
  data: { gigId: specId(n), ownerId: owner, status, previousStatus, fields: fields(title, price) },
});
const deleted = (n: number, wasActive = true): GigEvent => ({
  type: 'GigDeleted',
  data: { gigId: specId(n), ownerId: owner, title: 'gone', wasActive },
});

describe('the gigs projection', () => {
  const spec = projectionSpec({ schema: 'marketplace', migrations, aggregate: gigAggregate, idOf: (e) => e.data.gigId });

  it('writes a created gig: its fields, tags as a list and as searchable text, no ratings or orders yet', () =>
    spec.given(created(1, 'Landing page', 'active', 99.5)).thenRows('gigs', [
      {
        id: specId(1),
        owner_id: owner,
        title: 'Landing page',
        category: 'web',
        sub_category: 'frontend',
        price: 99.5,
        delivery_time: '7',
        tags: ['react', 'tailwind'],
        tags_text: 'react tailwind',
        status: 'active',
        rating: 0,
        reviews: 0,
        orders: 0,
        favorites: 0,
        version: 1,
        created_at: SPEC_START,
        updated_at: SPEC_START,
      },
    ]));

  it('replaces the fields and status of an edited gig, takes its version and time, keeps when it was created', () =>
    spec
      .given(created(1, 'Landing page', 'draft'))
      .given(edited(1, 'Landing page, two weeks', 'active', 'draft', 300))
      .thenRows('gigs', [
        {
          id: specId(1),
          title: 'Landing page, two weeks',
          status: 'active',
          price: 300,
          version: 2,
          created_at: SPEC_START,
          updated_at: batchTime(1),
        },
      ]));

  it('removes a deleted gig', () =>
    spec
      .given(created(1, 'Kept'), created(2, 'Gone'))
      .given(deleted(2))
      .thenRows('gigs', [{ id: specId(1), title: 'Kept' }]));

  it('writes a run of creations in one statement, and an edit or deletion between them in its place', () =>
    spec
      .given(
        created(1, 'One'),
        created(2, 'Two'),
        edited(1, 'One, edited', 'active', 'active'),
        created(3, 'Three'),
        deleted(2),
        created(4, 'Four'),
      )
      .thenRows('gigs', [
        { id: specId(1), title: 'One, edited', version: 2 },
        { id: specId(3), title: 'Three', version: 1 },
        { id: specId(4), title: 'Four', version: 1 },
      ]));

  it('keeps the listing totals by trigger: active gigs per category, price and delivery time, whatever writes them', () =>
    spec
      .given(created(1, 'A', 'active', 100), created(2, 'B', 'active', 100), created(3, 'C', 'draft', 100), created(4, 'D', 'active', 200))
      .given(edited(3, 'C', 'active', 'draft', 100), deleted(4), edited(2, 'B', 'draft', 'active', 100))
      .thenRows('active_gig_counts', [
        { category: 'web', price: 100, delivery_time: '7', gigs: 2 },
        { category: 'web', price: 200, delivery_time: '7', gigs: 0 },
      ]));
});
