import { mediaRoutes, TIMINGS, UPLOAD_CLIENT_MESSAGES, type UploadResponse, type UploadType } from '@commonwork/contracts';
import { call, readToken } from '../api/index.ts';

const M = UPLOAD_CLIENT_MESSAGES;
const MB = 1024 * 1024;

/** What the picker lets through before anything is sent (spec 001 §5: event images up to 5 MB, jpeg, png, webp). */
export const PICK_RULES: Record<UploadType, { maxMb: number; types: readonly string[] }> = {
  generic: { maxMb: 10, types: ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp'] },
  profile: { maxMb: 5, types: ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'] },
  event: { maxMb: 5, types: ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'] },
  gig: { maxMb: 6, types: ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'] },
};

/** The picker's own check, with the spec's words; null when the file may be sent. The server checks the bytes again. */
export function pickError(file: { size: number; type: string }, type: UploadType): string | null {
  const rules = PICK_RULES[type];
  if (!rules.types.includes(file.type)) return M.pickInvalidType;
  if (file.size > rules.maxMb * MB) return M.pickTooLarge(rules.maxMb);
  return null;
}

/** The message for a failed upload (spec 000 §8): timeout, 413, 415, else the server's words, else the fallback. */
export function uploadFailureMessage(failure: { timedOut?: boolean; status?: number; serverMessage?: string }): string {
  if (failure.timedOut) return M.timeout;
  if (failure.status === 413) return M.tooLarge;
  if (failure.status === 415) return M.unsupported;
  return failure.serverMessage || M.failed;
}

export class UploadError extends Error {}

/**
 * POST /api/upload/upload?type=&folder= with the file in the multipart field `file`, through
 * XMLHttpRequest so the progress can be shown (`onProgress`, 0 to 100); 30 s at most (spec 000 §9).
 * Rejects with an `UploadError` whose message is the one to show.
 */
export function uploadImage(file: File, type: UploadType, folder?: string, onProgress?: (percent: number) => void) {
  return new Promise<UploadResponse>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const query = new URLSearchParams({ type, ...(folder && { folder }) });
    xhr.open('POST', `${mediaRoutes.upload.url}?${query}`);
    xhr.timeout = TIMINGS.uploadTimeoutMs;
    const token = readToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.ontimeout = () => reject(new UploadError(uploadFailureMessage({ timedOut: true })));
    xhr.onerror = () => reject(new UploadError(uploadFailureMessage({})));
    xhr.onload = () => {
      let body: Partial<UploadResponse> & { success?: boolean; message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: the status decides the message.
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new UploadError(uploadFailureMessage({ status: xhr.status, serverMessage: body.message })));
        return;
      }
      if (!body.success || !body.url) {
        reject(new UploadError(M.notSuccessful));
        return;
      }
      resolve(body as UploadResponse);
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/** DELETE /api/upload/delete/{publicId}, 10 s at most unless a signal is given. */
export function deleteImage(publicId: string, signal?: AbortSignal) {
  return call(mediaRoutes.deleteUpload, { params: { publicId }, signal: signal ?? AbortSignal.timeout(TIMINGS.deleteTimeoutMs) });
}
