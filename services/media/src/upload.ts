import { createError } from '@commonwork/kit';
import type { FastifyRequest } from 'fastify';

export const NoFile = createError('NO_FILE', 'Upload a file in the multipart field "file"', 400);

/**
 * The one file of a multipart upload and the name the browser sent with it, read whole up to
 * `maxBytes`: a bigger one is refused while it streams, with `tooLarge`'s error.
 */
export async function readUpload(request: FastifyRequest, maxBytes: number, tooLarge: () => Error, noFile = NoFile()) {
  if (!request.isMultipart()) throw noFile;
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (part?.fieldname !== 'file') throw noFile;
  try {
    return { content: await part.toBuffer(), filename: part.filename };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
}
