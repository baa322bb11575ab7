import { createError, type Decider, Forbidden } from '@commonwork/kit';
import { type ImageEvent, type ImageFacts, type ImageState, initialImageState } from './image.ts';

export const ImageNotFound = createError('IMAGE_NOT_FOUND', 'Image not found', 404);
/** Never met in practice (the server mints every upload's id): a stream written twice is a bug, refused by code. */
export const ImageAlreadyStored = createError('IMAGE_ALREADY_STORED', 'Image already stored', 409);

export type ImageCommand = { type: 'StoreImage'; facts: ImageFacts } | { type: 'DeleteImage'; actorId: string };

export function evolve(state: ImageState, event: ImageEvent): ImageState {
  switch (event.type) {
    case 'ImageStored':
      return { ...state, exists: true, imageId: event.data.imageId, ownerId: event.data.ownerId };
    case 'ImageDeleted':
      return { ...state, deleted: true };
    default: {
      const never: never = event;
      return never;
    }
  }
}

export function decide(command: ImageCommand, state: ImageState): ImageEvent[] {
  switch (command.type) {
    case 'StoreImage':
      // Ids are minted by the server for every upload, so a stored image is never stored again.
      if (state.exists) throw ImageAlreadyStored(`Image ${command.facts.imageId} already stored`);
      return [{ type: 'ImageStored', data: command.facts }];
    case 'DeleteImage':
      if (!state.exists || state.deleted) throw ImageNotFound();
      if (state.ownerId !== command.actorId) throw Forbidden('You can only delete your own images');
      return [{ type: 'ImageDeleted', data: { imageId: state.imageId, ownerId: state.ownerId } }];
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const imageDecider: Decider<ImageState, ImageCommand, ImageEvent> = { initialState: initialImageState, evolve, decide };
