import { randomUUID } from 'node:crypto';
import { isUuid, MAX_UPLOAD_BYTES, MEDIA_PATH_PREFIX, mediaRoutes, UPLOAD_MESSAGES, UPLOAD_RULES } from '@commonwork/contracts';
import { createError, registerRoute, type ServiceContext } from '@commonwork/kit';
import multipart from '@fastify/multipart';
import type { MediaTables } from '../tables.ts';
import { readUpload } from '../upload.ts';
import { imageAggregate } from './aggregate.ts';
import { ImageNotFound } from './decide.ts';
import { FileTooLarge, processImage } from './process.ts';

const NoImage = createError('NO_FILE', 'Upload an image in the multipart field "file"', 400);
const CONTENT_TYPES = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' } as const;

export async function registerImageRoutes(ctx: ServiceContext<MediaTables>) {
  const { app, verifier, db } = ctx;
  const images = ctx.aggregate(imageAggregate);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5 } });

  registerRoute(app, verifier, mediaRoutes.upload, async ({ query, caller, request, reply }) => {
    const type = query.type || 'generic';
    const maxBytes = UPLOAD_RULES[type].maxBytes;
    const { content } = await readUpload(request, maxBytes, () => FileTooLarge(UPLOAD_MESSAGES.tooLarge(maxBytes)), NoImage());
    const image = await processImage(content, type);
    const imageId = randomUUID();
    // Bytes first: facts without bytes would be served as a broken image; bytes without facts are never served.
    await db.insertInto('image_files').values({ id: imageId, content: image.content, created_at: new Date() }).execute();
    const facts = {
      imageId,
      ownerId: caller.sub,
      type,
      folder: query.folder || type,
      format: image.format,
      width: image.width,
      height: image.height,
      bytes: image.content.length,
    };
    try {
      await images.handle(imageId, { type: 'StoreImage', facts }, ctx.metadataFor(request, caller.sub));
    } catch (error) {
      await db.deleteFrom('image_files').where('id', '=', imageId).execute();
      throw error;
    }
    reply.status(201);
    return {
      success: true as const,
      message: UPLOAD_MESSAGES.uploaded,
      url: `${MEDIA_PATH_PREFIX}${imageId}.${image.format}`,
      public_id: imageId,
      width: image.width,
      height: image.height,
      format: image.format,
      bytes: facts.bytes,
    };
  });

  registerRoute(app, verifier, mediaRoutes.deleteUpload, async ({ params, caller, request }) => {
    if (!isUuid(params.publicId)) throw ImageNotFound();
    await images.handle(params.publicId, { type: 'DeleteImage', actorId: caller.sub }, ctx.metadataFor(request, caller.sub));
    return { success: true as const, message: UPLOAD_MESSAGES.deleted };
  });

  registerRoute(app, verifier, mediaRoutes.image, async ({ params, reply }) => {
    const [id, format] = params.file.split('.');
    if (!id || !isUuid(id)) throw ImageNotFound();
    const row = await db
      .selectFrom('images')
      .innerJoin('image_files', 'image_files.id', 'images.id')
      .select(['images.format', 'image_files.content'])
      .where('images.id', '=', id)
      .executeTakeFirst();
    if (!row || row.format !== format) throw ImageNotFound();
    const content = Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength);
    // A name is never reused for other bytes, so the answer may be kept forever.
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-type', CONTENT_TYPES[row.format])
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('etag', `"${id}"`);
    return content as never;
  });
}
