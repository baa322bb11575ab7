import { UploadDeleted, UploadStored } from '@commonwork/contracts';
import { published, readModelSpec, specId } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import { subscriptions } from '../src/handlers/index.ts';
import { migrations } from '../src/migrations.ts';

const ada = specId(1);
const grace = specId(2);
const photoId = specId(10);
const pdfId = specId(11);
const photo = published(UploadStored, {
  uploadId: photoId,
  ownerId: ada,
  url: `/api/media/${photoId}.png`,
  kind: 'image',
  format: 'png',
  name: '',
  width: 640,
  height: 360,
  bytes: 2048,
});
const pdf = published(UploadStored, {
  uploadId: pdfId,
  ownerId: grace,
  url: `/api/media/files/${pdfId}.pdf`,
  kind: 'other',
  format: 'pdf',
  name: 'agenda.pdf',
  bytes: 512,
});

describe("messaging's uploads, kept from media's events", () => {
  const spec = readModelSpec({ schema: 'messaging', migrations, subscriptions });

  it('keeps whose each upload is and what it is, images with their pixels, files with their name', () =>
    spec.given(photo, pdf).thenRows('uploads', [
      {
        url: `/api/media/${photoId}.png`,
        upload_id: photoId,
        owner_id: ada,
        kind: 'image',
        name: '',
        width: 640,
        height: 360,
        bytes: 2048,
      },
      {
        url: `/api/media/files/${pdfId}.pdf`,
        upload_id: pdfId,
        owner_id: grace,
        kind: 'other',
        name: 'agenda.pdf',
        width: null,
        height: null,
        bytes: 512,
      },
    ]));

  it('forgets a deleted upload, so it can no longer be attached', () =>
    spec
      .given(photo, pdf)
      .given(published(UploadDeleted, { uploadId: photoId, ownerId: ada }))
      .thenRows('uploads', [{ upload_id: pdfId }]));

  it('handles a redelivered upload once', () =>
    spec
      .given(photo)
      .given(photo)
      .thenRows('uploads', [{ upload_id: photoId }]));
});
