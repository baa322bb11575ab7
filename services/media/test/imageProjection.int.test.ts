import { batchTime, projectionSpec, SPEC_START, specId } from '@commonwork/kit/testing';
import { describe, expect, it } from 'vitest';
import { imageAggregate } from '../src/images/aggregate.ts';
import type { ImageEvent, ImageFacts } from '../src/images/image.ts';
import { migrations } from '../src/migrations.ts';

const owner = specId(100);
const facts = (n: number): ImageFacts => ({
  imageId: specId(n),
  ownerId: owner,
  type: 'event',
  folder: 'commonwork/events',
  format: 'webp',
  width: 1200,
  height: 800,
  bytes: 48_213,
});
const stored = (n: number): ImageEvent => ({ type: 'ImageStored', data: facts(n) });
const deleted = (n: number): ImageEvent => ({ type: 'ImageDeleted', data: { imageId: specId(n), ownerId: owner } });

describe('the images projection', () => {
  const spec = projectionSpec({ schema: 'media', migrations, aggregate: imageAggregate, idOf: (e) => e.data.imageId });
  it('records a stored image: its owner, kind, folder, format, size, when stored', () =>
    spec.given(stored(1)).thenRows('images', [
      {
        id: specId(1),
        owner_id: owner,
        type: 'event',
        folder: 'commonwork/events',
        format: 'webp',
        width: 1200,
        height: 800,
        bytes: 48_213,
        created_at: SPEC_START,
      },
    ]));

  it('forgets a deleted image and drops its bytes with it (its address answers 404 at once); other images keep theirs', () =>
    spec
      .given(stored(1), stored(2))
      // The bytes the upload route writes beside each ImageStored event.
      .meanwhile((db) =>
        db
          .insertInto('image_files')
          .values([1, 2].map((n) => ({ id: specId(n), content: new Uint8Array([n]), created_at: SPEC_START })))
          .execute(),
      )
      .given(deleted(2))
      .then(async (db) => {
        const images = await db.selectFrom('images').select('id').execute();
        const files = await db.selectFrom('image_files').select('id').execute();
        expect(images).toEqual([{ id: specId(1) }]);
        expect(files).toEqual([{ id: specId(1) }]);
      }));

  it('applies a storing and its deletion projected together (a rebuild) as it applies them apart', () =>
    spec
      .given(stored(1), stored(2), deleted(1))
      .given(stored(3))
      .thenRows('images', [
        { id: specId(2), created_at: SPEC_START },
        { id: specId(3), created_at: batchTime(1) },
      ]));
});
