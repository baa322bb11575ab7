import { batchTime, projectionSpec, SPEC_START, specId } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import { draftAggregate } from '../src/drafts/aggregate.ts';
import type { DraftEvent } from '../src/drafts/draft.ts';
import { migrations } from '../src/migrations.ts';

const owner = specId(100);
const saved = (n: number, title: string): DraftEvent => ({
  type: 'DraftSaved',
  data: { draftId: specId(n), ownerId: owner, type: 'gig', title, data: { title, price: 40 } },
});
const revised = (n: number, title: string, version: number): DraftEvent => ({
  type: 'DraftRevised',
  data: { draftId: specId(n), ownerId: owner, title, data: { title, tags: ['logo'] }, version },
});
const deleted = (n: number): DraftEvent => ({ type: 'DraftDeleted', data: { draftId: specId(n), ownerId: owner } });

describe('the drafts projection', () => {
  const spec = projectionSpec({ schema: 'drafts', migrations, aggregate: draftAggregate, idOf: (e) => e.data.draftId });

  it('keeps a saved draft whole: its type, title and form, at version 1, created and changed when saved', () =>
    spec.given(saved(1, 'Logo design')).thenRows('drafts', [
      {
        id: specId(1),
        owner_id: owner,
        type: 'gig',
        title: 'Logo design',
        data: { title: 'Logo design', price: 40 },
        version: 1,
        created_at: SPEC_START,
        updated_at: SPEC_START,
      },
    ]));

  it("replaces the form with a revision's, takes its version and time, and keeps when the draft was created", () =>
    spec
      .given(saved(1, 'Logo'))
      .given(revised(1, 'Logo, two colours', 2))
      .thenRows('drafts', [
        {
          id: specId(1),
          type: 'gig',
          title: 'Logo, two colours',
          data: { title: 'Logo, two colours', tags: ['logo'] },
          version: 2,
          created_at: SPEC_START,
          updated_at: batchTime(1),
        },
      ]));

  it('removes a deleted draft and leaves the others', () =>
    spec
      .given(saved(1, 'Kept'), saved(2, 'Gone'))
      .given(revised(2, 'Gone soon', 2), deleted(2))
      .thenRows('drafts', [{ id: specId(1), title: 'Kept', version: 1 }]));

  it('applies a save, revisions and a deletion projected together (a rebuild) as it applies them one by one', () =>
    spec
      .given(saved(1, 'One'), revised(1, 'One, again', 2), saved(2, 'Two'), revised(1, 'One, last', 3), deleted(2))
      .thenRows('drafts', [{ id: specId(1), title: 'One, last', version: 3, updated_at: SPEC_START }]));
});
