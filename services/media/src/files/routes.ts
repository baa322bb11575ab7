import { randomUUID } from 'node:crypto';
import {
  FILE_CONTENT_TYPES,
  FILE_MESSAGES,
  isUuid,
  MAX_FILE_BYTES,
  MEDIA_FILES_PATH_PREFIX,
  mediaRoutes,
  UPLOAD_MESSAGES,
} from '@commonwork/contracts';
import { createError, NotFound, registerRoute, type ServiceContext } from '@commonwork/kit';
import type { MediaTables } from '../tables.ts';
import { readUpload } from '../upload.ts';
import { fileAggregate } from './aggregate.ts';
import { detectFileFormat } from './detect.ts';
import { attachmentDisposition, cleanFileName } from './fileName.ts';

/** A file refused for what it is or how big it is: bad input, named by its field, and nothing stored. */
const FileRefused = createError('FILE_REFUSED', FILE_MESSAGES.invalidType, 400);
const refused = (message: string) => FileRefused(message, [{ field: 'file', message }]);

/**
 * Files other than images, sent with messages: checked by their first bytes, stored as they are
 * (a PDF or a ZIP is never opened here), and served only as downloads, so a file can never be drawn
 * by the browser as a page of ours. Registered after the image routes, which load the multipart parser.
 */
export function registerFileRoutes(ctx: ServiceContext<MediaTables>) {
  const { app, verifier, db } = ctx;
  const files = ctx.aggregate(fileAggregate);

  registerRoute(app, verifier, mediaRoutes.uploadFile, async ({ caller, request, reply }) => {
    const { content, filename } = await readUpload(request, MAX_FILE_BYTES, () => refused(FILE_MESSAGES.tooLarge));
    if (content.length === 0) throw refused(UPLOAD_MESSAGES.empty);
    const format = detectFileFormat(content);
    if (!format) throw refused(FILE_MESSAGES.invalidType);
    const fileId = randomUUID();
    const facts = { fileId, ownerId: caller.sub, format, name: cleanFileName(filename, format), bytes: content.length };
    // Bytes first, as for images: facts without bytes would be a broken download.
    await db.insertInto('file_contents').values({ id: fileId, content, created_at: new Date() }).execute();
    try {
      await files.handle(fileId, { type: 'StoreFile', facts }, ctx.metadataFor(request, caller.sub));
    } catch (error) {
      await db.deleteFrom('file_contents').where('id', '=', fileId).execute();
      throw error;
    }
    reply.status(201);
    return {
      success: true as const,
      message: FILE_MESSAGES.uploaded,
      url: `${MEDIA_FILES_PATH_PREFIX}${fileId}.${format}`,
      public_id: fileId,
      name: facts.name,
      format,
      bytes: facts.bytes,
    };
  });

  registerRoute(app, verifier, mediaRoutes.file, async ({ params, reply }) => {
    const [id, format] = params.file.split('.');
    if (!id || !isUuid(id)) throw NotFound('File not found');
    const row = await db
      .selectFrom('files')
      .innerJoin('file_contents', 'file_contents.id', 'files.id')
      .select(['files.format', 'files.name', 'file_contents.content'])
      .where('files.id', '=', id)
      .executeTakeFirst();
    if (!row || row.format !== format) throw NotFound('File not found');
    const content = Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength);
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-type', FILE_CONTENT_TYPES[row.format])
      .header('content-disposition', attachmentDisposition(row.name))
      // Never sniffed into HTML, never run as a page even if opened: a download and nothing else.
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('etag', `"${id}"`);
    return content as never;
  });
}
