import type { UploadType } from '@commonwork/contracts';
import ImagePlus from 'lucide-react/icons/image-plus';
import Loader2 from 'lucide-react/icons/loader-2';
import X from 'lucide-react/icons/x';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useT } from '../locales/index.ts';
import { buttonSecondary } from '../ui/classes.ts';
import { toast } from '../ui/toast.ts';
import { PICK_RULES, pickError, UploadError } from './rules.ts';
import { useLocalPreview } from './useLocalPreview.ts';

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
  /** The preview's alternative text; defaults to the label. */
  alt?: string;
}

/**
 * Picks one image, checks it as the spec's picker did, previews it and uploads it with a progress
 * percentage; Remove deletes it from the server. A real button opens the picker, so it works from
 * the keyboard; the file input itself stays labelled (for assistive tools and tests) but out of the tab order.
 */
export function ImageUpload({ label, type, folder, value, onChange, alt }: ImageUploadProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = useLocalPreview(chosen);
  const rules = PICK_RULES[type];
  const uploading = progress !== null;
  const t = useT();

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
    setChosen(file);
    setProgress(0);
    try {
      const { uploadImage } = await import('./upload.ts');
      const uploaded = await uploadImage(file, type, folder, setProgress);
      onChange({ url: uploaded.url, publicId: uploaded.public_id });
      toast.success(t('shared.upload.uploaded'));
    } catch (failure) {
      const message = failure instanceof UploadError ? failure.message : t('shared.upload.failed');
      setError(message);
      toast.error(message);
    } finally {
      setProgress(null);
      setChosen(null);
    }
  };

  const remove = async () => {
    if (!value) return;
    onChange(null);
    // The image leaves the form either way; a failed delete leaves an unused file behind, no more.
    await import('./upload.ts')
      .then(({ deleteImage }) => deleteImage(value.publicId))
      .catch(() => toast.error(t('shared.upload.deleteFailed')));
  };

  const shown = uploading ? preview : (value?.url ?? null);

  return (
    <div>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={rules.types.join(',')}
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => void pick(event)}
        disabled={uploading}
      />
      {shown ? (
        <div className="relative overflow-hidden rounded-xl border border-slate-200 dark:border-slate-700">
          <img src={shown} alt={alt ?? label} className={`h-48 w-full object-cover ${uploading ? 'opacity-60' : ''}`} />
          {uploading ? (
            <UploadProgress percent={progress} />
          ) : (
            <button
              type="button"
              onClick={() => void remove()}
              className="absolute top-2 right-2 inline-flex items-center gap-1 rounded-lg bg-white/90 px-2 py-1 text-sm font-medium text-slate-700 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-green-600 dark:bg-slate-900/90 dark:text-slate-200"
            >
              <X className="h-4 w-4" aria-hidden="true" />
              {t('shared.upload.remove')}
            </button>
          )}
        </div>
      ) : (
        <div className="relative flex flex-col items-center overflow-hidden rounded-xl border-2 border-dashed border-slate-300 px-4 py-8 text-center dark:border-slate-600">
          <ImagePlus className="h-8 w-8 text-slate-400" aria-hidden="true" />
          <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{t('shared.upload.rules', { maxMb: rules.maxMb })}</p>
          <button type="button" className={`${buttonSecondary} mt-3`} onClick={() => input.current?.click()} disabled={uploading}>
            {uploading ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            ) : (
              <ImagePlus className="h-4 w-4" aria-hidden="true" />
            )}
            {uploading ? t('shared.upload.uploadingPercent', { percent: progress }) : t('shared.upload.upload')}
          </button>
          {uploading && <UploadProgress percent={progress} />}
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

function UploadProgress({ percent }: { percent: number }) {
  const t = useT();
  return (
    <div className="absolute inset-x-0 bottom-0 bg-white/90 px-3 py-2 dark:bg-slate-900/90">
      <div className="flex items-center justify-between text-xs font-medium text-slate-700 dark:text-slate-200">
        <span>{t('shared.upload.uploading')}</span>
        <span>{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={t('shared.upload.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full rounded-full bg-green-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
