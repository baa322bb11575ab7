import { MAX_UPLOAD_BYTES, mediaRoutes } from '@commonwork/contracts';
import { createError, DEFAULT_BODY_LIMIT } from '@commonwork/kit';
import type { FastifyRequest } from 'fastify';

export const BodyTooLarge = createError('BODY_TOO_LARGE', 'Request body is too large', 413);

/** Room for a multipart upload's framing around its file. */
const MULTIPART_FRAMING = 64 * 1024;
/** The calls whose body is an upload: images, and files sent with messages. */
const UPLOAD_PATHS = new Set<string>([mediaRoutes.upload.url, mediaRoutes.uploadFile.url]);

/**
 * Refuses a body bigger than the service behind would read, from its declared length, before it is
 * proxied: a service answering 413 while the proxy still streams the rest broke the connection
 * (EPIPE: a 500 or no answer at all). Uploads may be as big as the largest image or file.
 */
export function createBodyLimit() {
  return async (request: FastifyRequest) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    const path = request.url.split('?')[0] ?? '';
    const limit = UPLOAD_PATHS.has(path) ? MAX_UPLOAD_BYTES + MULTIPART_FRAMING : DEFAULT_BODY_LIMIT;
    if (declared > limit) throw BodyTooLarge();
  };
}
