import { Forbidden } from '@commonwork/kit';
import { deciderSpec } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import { ImageAlreadyStored, ImageNotFound, imageDecider } from './decide.ts';
import type { ImageEvent, ImageFacts } from './image.ts';

const imageId = '0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f';
const owner = '11111111-2222-4333-8444-555555555555';
const stranger = '99999999-8888-4777-8666-555555555555';
const facts: ImageFacts = {
  imageId,
  ownerId: owner,
  type: 'profile',
  folder: 'profiles',
  format: 'png',
  width: 64,
  height: 64,
  bytes: 2048,
};
const stored: ImageEvent = { type: 'ImageStored', data: facts };
const deleted: ImageEvent = { type: 'ImageDeleted', data: { imageId, ownerId: owner } };
const spec = deciderSpec(imageDecider);

describe('image decider', () => {
  it('stores an uploaded image with what is known of it', () => {
    spec.given().when({ type: 'StoreImage', facts }).then(stored);
  });

  it('never stores one image twice', () => {
    spec.given(stored).when({ type: 'StoreImage', facts }).thenThrows(ImageAlreadyStored);
  });

  it('deletes an image for its owner', () => {
    spec.given(stored).when({ type: 'DeleteImage', actorId: owner }).then(deleted);
  });

  it("refuses to delete someone else's image", () => {
    spec.given(stored).when({ type: 'DeleteImage', actorId: stranger }).thenThrows(Forbidden);
  });

  it('finds no image that was never stored or is already deleted', () => {
    spec.given().when({ type: 'DeleteImage', actorId: owner }).thenThrows(ImageNotFound);
    spec.given(stored, deleted).when({ type: 'DeleteImage', actorId: owner }).thenThrows(ImageNotFound);
  });
});
