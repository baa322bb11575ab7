import { UPLOAD_CLIENT_MESSAGES, type UploadType } from '@commonwork/contracts';
import { ImagePlus, Loader2, X } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { buttonSecondary } from '../ui/classes.ts';
import { deleteImage, PICK_RULES, pickError, UploadError, uploadImage } from './upload.ts';

export interface UploadedImage {
  url: string;
  publicId: string;
}

interface ImageUploadProps {
  label: string;
  type: UploadType;
  folder?: string;
  /** The image held now, if any (one image: spec 001 §5). */
  value: UploadedImage | null;
  onChange: (image: UploadedImage | null) => void;
}

/**
 * Picks one image, checks it as the spec's picker did, uploads it with a progress percentage and
 * shows it; Remove deletes it from the server. A real button opens the picker, so it works from the keyboard.
 */
export function ImageUpload({ label, type, folder, value, onChange }: ImageUploadProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rules = PICK_RULES[type];

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refused = pickError(file, type);
    if (refused) {
      setError(refused);
      toast.error(refused);
      return;
    }
    setError(null);
    setProgress(0);
    try {
      const uploaded = await uploadImage(file, { type, ...(folder && { folder }), onProgress: setProgress });
      onChange({ url: uploaded.url, publicId: uploaded.public_id });
      toast.success(UPLOAD_CLIENT_MESSAGES.uploaded);
    } catch (failure) {
      const message = failure instanceof UploadError ? failure.message : UPLOAD_CLIENT_MESSAGES.failed;
      setError(message);
      toast.error(message);
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    if (!value) return;
    onChange(null);
    // The image leaves the form either way; a failed delete leaves an unused file behind, no more.
    await deleteImage(value.publicId).catch(() => toast.error(UPLOAD_CLIENT_MESSAGES.deleteFailed));
  };

  return (
    <div>
      <span id={`${inputId}-label`} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </span>
      {value ? (
        <div className="relative overflow-hidden rounded-xl border border-slate-200 dark:border-slate-700">
          <img src={value.url} alt="Event" className="h-48 w-full object-cover" />
          <button
            type="button"
            onClick={() => void remove()}
            className="absolute top-2 right-2 inline-flex items-center gap-1 rounded-lg bg-white/90 px-2 py-1 text-sm font-medium text-slate-700 shadow hover:bg-white dark:bg-slate-900/90 dark:text-slate-200"
          >
            <X className="h-4 w-4" aria-hidden="true" />
            Remove image
          </button>
        </div>
      ) : (
        <div className="flex flex-col items-center rounded-xl border-2 border-dashed border-slate-300 px-4 py-8 text-center dark:border-slate-600">
          <ImagePlus className="h-8 w-8 text-slate-400" aria-hidden="true" />
          <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">JPEG, PNG or WebP, up to {rules.maxMb} MB</p>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={rules.types.join(',')}
            className="sr-only"
            aria-labelledby={`${inputId}-label`}
            onChange={(event) => void pick(event)}
            disabled={progress !== null}
          />
          <button type="button" className={`${buttonSecondary} mt-3`} onClick={() => input.current?.click()} disabled={progress !== null}>
            {progress !== null ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            ) : (
              <ImagePlus className="h-4 w-4" aria-hidden="true" />
            )}
            {progress !== null ? `Uploading... ${progress}%` : 'Upload Image'}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
