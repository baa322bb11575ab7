import { z } from 'zod';
import { ErrorBody } from '../errors.ts';
import {
  DeleteUploadParams,
  DeleteUploadResponse,
  FileUploadResponse,
  MediaFileParams,
  MediaParams,
  UploadQuery,
  UploadResponse,
} from '../media.ts';
import { defineRoute } from './route.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 413: ErrorBody, 415: ErrorBody };

/**
 * Uploads. The upload's body is multipart (field `file`), read by the media service itself, so the
 * contract names the field instead of a body schema; the image is served at `/api/media/<public_id>.<format>`.
 */
export const mediaRoutes = {
  upload: defineRoute({
    method: 'POST',
    url: '/api/upload/upload',
    summary: 'Upload an image (multipart field `file`); its type is read from its bytes, metadata stripped',
    auth: 'user',
    scope: 'media:write',
    querystring: UploadQuery,
    upload: { field: 'file' },
    // 503 BUSY: more images waiting to be decoded than the process takes at once; the client may try again.
    response: { 201: UploadResponse, ...errors, 503: ErrorBody },
  }),
  uploadFile: defineRoute({
    method: 'POST',
    url: '/api/upload/file',
    summary:
      'Upload a file to send with a message (multipart field `file`): PDF, plain text or ZIP up to 10 MB, its type read from its bytes',
    auth: 'user',
    scope: 'media:write',
    upload: { field: 'file' },
    response: { 201: FileUploadResponse, ...errors },
  }),
  deleteUpload: defineRoute({
    method: 'DELETE',
    url: '/api/upload/delete/:publicId',
    summary: 'Delete an image you uploaded; its URL answers 404 afterwards',
    auth: 'user',
    scope: 'media:write',
    params: DeleteUploadParams,
    response: { 200: DeleteUploadResponse, ...errors },
  }),
  image: defineRoute({
    method: 'GET',
    url: '/api/media/:file',
    summary: 'A stored image, cached as immutable (a new image always gets a new name)',
    auth: 'public',
    params: MediaParams,
    produces: 'image/*',
    response: { 200: z.string().describe('the image bytes'), 404: ErrorBody },
  }),
  file: defineRoute({
    method: 'GET',
    url: '/api/media/files/:file',
    summary: 'A stored file, always as a download (Content-Disposition: attachment, never drawn by the browser)',
    auth: 'public',
    params: MediaFileParams,
    produces: 'application/octet-stream',
    response: { 200: z.string().describe('the file bytes'), 404: ErrorBody },
  }),
} as const;
