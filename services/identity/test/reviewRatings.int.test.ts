import { ReviewWritten, TechEventWithdrawn } from '@commonwork/contracts';
import { published, readModelSpec, SPEC_START, specId } from '@commonwork/kit/testing';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { subscriptions } from '../src/handlers/index.ts';
import { migrations } from '../src/migrations.ts';
import type { IdentityTables } from '../src/tables.ts';

const ada = specId(1);
const grace = specId(2);
const reviewed = (reviewId: string, sellerId: string, rating: number) =>
  published(ReviewWritten, {
    reviewId,
    orderId: specId(500 + Number(reviewId.slice(-3))),
    gigId: specId(50),
    gigTitle: 'Logo design',
    buyerId: grace,
    sellerId,
    rating,
    text: 'Fine',
  });

/** Ada and Grace, as identity's own events would have registered them. */
const people = (db: Kysely<IdentityTables>) =>
  db
    .insertInto('users')
    .values(
      [ada, grace].map((id) => ({
        id,
        subject: `dev:${id}`,
        email: `${id}@example.com`,
        name: id === ada ? 'Ada' : 'Grace',
        username: null,
        username_lower: null,
        picture: '',
        role: 'user' as const,
        skills: JSON.stringify([]),
        links: JSON.stringify({ location: '', website: '', github: '', twitter: '', linkedin: '' }),
        preferences: JSON.stringify({}),
        version: 1,
        created_at: SPEC_START,
        updated_at: SPEC_START,
      })),
    )
    .execute();
const ratingOf = (db: Kysely<IdentityTables>, id: string) =>
  db.selectFrom('users').select(['rating', 'review_count']).where('id', '=', id).executeTakeFirstOrThrow();
/** A first delivery that counts nothing: the people come before their reviews. */
const start = published(TechEventWithdrawn, { eventId: specId(90), organizerId: specId(91), title: 'Gone', deleted: true });

describe("people's ratings, kept from orders' reviews", () => {
  const spec = readModelSpec<IdentityTables>({ schema: 'identity', migrations, subscriptions });

  it('rates a person by the reviews of their orders, one decimal, each review once however often it comes', () => {
    const first = reviewed(specId(101), ada, 5);
    return spec
      .given(start)
      .meanwhile(people)
      .given(first, reviewed(specId(102), ada, 4))
      .given(first, reviewed(specId(103), ada, 5))
      .then(async (db) => {
        expect(await ratingOf(db, ada)).toEqual({ rating: 4.7, review_count: 3 });
        expect(await ratingOf(db, grace)).toEqual({ rating: 0, review_count: 0 });
      });
  });
});
