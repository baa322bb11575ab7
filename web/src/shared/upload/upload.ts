// Loaded when a file is picked (or removed), not with the form that shows the picker: the media
// routes' schemas and the transfer code stay off the form's first load.
import { type FileUploadResponse, mediaRoutes, TIMINGS, type UploadResponse, type UploadType } from '@commonwork/contracts';
import { call, readToken } from '../api/index.ts';
import { activeLocale, translateEnglish } from '../i18n/index.ts';
import { t } from '../locales/index.ts';
import { UploadError } from './rules.ts';

/**
 * The message for a failed upload (spec 000 §8, contracts' UPLOAD_CLIENT_MESSAGES) in the language
 * shown: timeout, 413, 415, else the server's words (in another language only when a catalog has
 * them), else the fallback.
 */
export function uploadFailureMessage(failure: { timedOut?: boolean; status?: number; serverMessage?: string }): string {
  if (failure.timedOut) return t('shared.upload.timeout');
  if (failure.status === 413) return t('shared.upload.tooLarge');
  if (failure.status === 415) return t('shared.upload.unsupported');
  const server = failure.serverMessage && translateEnglish(failure.serverMessage);
  if (server && (activeLocale() === 'en' || server !== failure.serverMessage)) return server;
  return t('shared.upload.failed');
}

/**
 * POST /api/upload/upload?type=&folder= with the file in the multipart field `file`, through
 * XMLHttpRequest so the progress can be shown (`onProgress`, 0 to 100); 30 s at most (spec 000 §9).
 * Rejects with an `UploadError` whose message is the one to show.
 */
export function uploadImage(file: File, type: UploadType, folder?: string, onProgress?: (percent: number) => void) {
  const query = new URLSearchParams({ type, ...(folder && { folder }) });
  return sendFile<UploadResponse>(`${mediaRoutes.upload.url}?${query}`, file, onProgress);
}

/**
 * POST /api/upload/file: a PDF, text or ZIP file to send with a message, as `uploadImage` sends an
 * image (progress, time limit, the message to show on failure). The server reads what it is from its bytes.
 */
export function uploadFile(file: File, onProgress?: (percent: number) => void) {
  return sendFile<FileUploadResponse>(mediaRoutes.uploadFile.url, file, onProgress);
}

/** One multipart upload of `file` to `url`, with the signed-in person's token. */
function sendFile<T extends { url: string }>(url: string, file: File, onProgress?: (percent: number) => void) {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.timeout = TIMINGS.uploadTimeoutMs;
    const token = readToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.ontimeout = () => reject(new UploadError(uploadFailureMessage({ timedOut: true })));
    xhr.onerror = () => reject(new UploadError(uploadFailureMessage({})));
    xhr.onload = () => {
      let body: Partial<T> & { success?: boolean; message?: string } = {};
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
        reject(new UploadError(t('shared.upload.notSuccessful')));
        return;
      }
      resolve(body as T);
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
