import { type Attachment, MESSAGING_LIMITS, UPLOAD_RULES } from '@commonwork/contracts';
import { useCallback, useMemo, useRef, useState } from 'react';
import { toast } from '../../ui/toast.ts';
import { UploadError } from '../../upload/rules.ts';
import { kindOf, refusalOf } from './attachments.ts';
import { t } from './locales/index.ts';

/** A file picked for the next message: uploading (`attachment` null, `progress` 0 to 100) or uploaded. */
export interface PendingAttachment {
  key: string;
  name: string;
  progress: number;
  attachment: Attachment | null;
}

export interface Attachments {
  items: readonly PendingAttachment[];
  /** The uploaded ones, in the order they were picked: what a message sent now carries. */
  ready: Attachment[];
  /** Some file is still on its way: sending waits for it. */
  uploading: boolean;
  add: (files: readonly File[]) => void;
  remove: (key: string) => void;
  /** Empties the list (the message was sent); `restore` puts a failed message's attachments back. */
  clear: () => void;
  restore: (attachments: readonly Attachment[]) => void;
}

const MAX_MB = UPLOAD_RULES.generic.maxBytes / (1024 * 1024);
let counter = 0;

/** Uploads one file the way its kind travels: an image as a generic image, anything else as a file. */
async function upload(file: File, onProgress: (percent: number) => void): Promise<Attachment> {
  const { uploadFile, uploadImage } = await import('../../upload/upload.ts');
  if (kindOf(file) === 'image') {
    const image = await uploadImage(file, 'generic', 'messages', onProgress);
    return { type: 'image', url: image.url, name: file.name, width: image.width, height: image.height, size: image.bytes };
  }
  const stored = await uploadFile(file, onProgress);
  return { type: 'other', url: stored.url, name: stored.name, size: stored.bytes };
}

/**
 * The files picked for the next message (at most `max`: a message's 10 unless a form takes fewer):
 * each checked as the picker can (type, size), uploaded at once with its progress, removable before
 * sending. A refused or failed file says why (toast) and leaves the list.
 */
export function useAttachments(max: number = MESSAGING_LIMITS.attachmentsPerMessage): Attachments {
  const [items, setItems] = useState<PendingAttachment[]>([]);
  // What is held now, for `add` called twice before a render.
  const held = useRef(0);
  held.current = items.length;

  const update = useCallback((key: string, change: Partial<PendingAttachment> | null) => {
    setItems((list) =>
      change ? list.map((item) => (item.key === key ? { ...item, ...change } : item)) : list.filter((i) => i.key !== key),
    );
  }, []);

  const add = useCallback(
    (files: readonly File[]) => {
      const room = max - held.current;
      if (files.length > room) toast.error(t('attachments.tooMany', { max }));
      const accepted = files.slice(0, Math.max(0, room)).filter((file) => {
        const refusal = refusalOf(file);
        if (refusal === 'type') toast.error(t('attachments.badType', { name: file.name }));
        if (refusal === 'size') toast.error(t('attachments.tooLarge', { name: file.name, maxMb: MAX_MB }));
        return refusal === null;
      });
      held.current += accepted.length;
      const picked = accepted.map((file) => ({ file, key: `attachment-${++counter}` }));
      setItems((list) => [...list, ...picked.map(({ file, key }) => ({ key, name: file.name, progress: 0, attachment: null }))]);
      for (const { file, key } of picked) {
        upload(file, (progress) => update(key, { progress })).then(
          (attachment) => update(key, { attachment, progress: 100 }),
          (failure: unknown) => {
            update(key, null);
            const reason = failure instanceof UploadError ? failure.message : '';
            toast.error(t('attachments.failed', { name: file.name, reason }));
          },
        );
      }
    },
    [update, max],
  );

  const remove = useCallback((key: string) => update(key, null), [update]);
  const clear = useCallback(() => setItems([]), []);
  const restore = useCallback((attachments: readonly Attachment[]) => {
    setItems((list) => [
      ...attachments.map((attachment) => ({ key: `attachment-${++counter}`, name: attachment.name, progress: 100, attachment })),
      ...list,
    ]);
  }, []);

  return useMemo(
    () => ({
      items,
      ready: items.flatMap((item) => (item.attachment ? [item.attachment] : [])),
      uploading: items.some((item) => !item.attachment),
      add,
      remove,
      clear,
      restore,
    }),
    [items, add, remove, clear, restore],
  );
}
