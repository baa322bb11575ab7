import { z } from 'zod';
import { FILE_FORMATS, IMAGE_FORMATS } from '../mediaCatalog.ts';
import { defineEvent } from './envelope.ts';

/**
 * An upload of someone's was stored: an image (`kind: 'image'`, its pixel size known) or another
 * file (`kind: 'other'`, the name it was sent with). Emitted by media; consumed by messaging, which
 * keeps whose uploads are whose, so a message may carry only its sender's own (issue 29).
 */
export const UploadStored = defineEvent(
  'media.upload.stored',
  1,
  z.object({
    uploadId: z.uuid(),
    ownerId: z.uuid(),
    /** Where the gateway serves it. */
    url: z.string(),
    kind: z.enum(['image', 'other']),
    format: z.enum([...IMAGE_FORMATS, ...FILE_FORMATS]),
    /** The name it was sent with (images: empty, they are named by the message that shows them). */
    name: z.string(),
    width: z.number().int().positive().optional(),
    height: z.number().int().positive().optional(),
    bytes: z.number().int().min(0),
  }),
);

/** An upload was deleted by its owner (or replaced as their picture); its URL answers 404. Emitted by media; consumed by messaging. */
export const UploadDeleted = defineEvent('media.upload.deleted', 1, z.object({ uploadId: z.uuid(), ownerId: z.uuid() }));

export const MEDIA_EVENTS = [UploadStored, UploadDeleted] as const;
