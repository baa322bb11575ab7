import { TIMINGS } from '@commonwork/contracts';
import Camera from 'lucide-react/icons/camera';
import { type ChangeEvent, useId, useState } from 'react';
import type { SessionUser } from '../../shared/api/index.ts';
import { useTransientFlag } from '../../shared/hooks/useTransientFlag.ts';
import { Avatar } from '../../shared/ui/Avatar.tsx';
import { Banner } from '../../shared/ui/Banner.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { UploadError } from '../../shared/upload/rules.ts';
import { useLocalPreview } from '../../shared/upload/useLocalPreview.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { mergeUser, updatePicture } from './api.ts';
import { t, useT } from './locales/index.ts';
import { PICTURE_TYPES, pictureError } from './picture.ts';

/** Spec 000 §8 Profile, word for word (features/profile/locales), in the language shown when called. */
const M = {
  updated: () => t('profile.picture.updated'),
  saveFailed: () => t('profile.picture.saveFailed'),
  invalidResponse: () => t('profile.picture.invalidResponse'),
  uploadFailed: () => t('profile.picture.uploadFailed'),
} as const;

/** Shown 400x400 (spec 000 §2); each new picture has a new address, so no browser keeps an old one. */
const SIZE = 400;

/**
 * The profile picture and its change (spec 000 §4): the file is checked, previewed at once,
 * uploaded with a progress percentage, then made the picture; a banner says how it went for 3 s.
 */
export function ProfilePicture({ user }: { user: SessionUser }) {
  const { updateUser: storeUser } = useAuth();
  const inputId = useId();
  const [chosen, setChosen] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [showUpdated, flashUpdated] = useTransientFlag(TIMINGS.successBannerMs);
  const preview = useLocalPreview(chosen);
  const busy = chosen !== null;
  const text = useT();

  const fail = (message: string) => {
    setError(message);
    toast.error(message);
  };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refused = pictureError(file);
    if (refused) return fail(refused);
    setError(null);
    setChosen(file);
    setProgress(0);
    try {
      const { uploadImage } = await import('../../shared/upload/upload.ts');
      const uploaded = await uploadImage(file, 'profile', 'profiles', setProgress).catch((failure: unknown) => {
        throw new UploadError(failure instanceof UploadError ? failure.message : M.uploadFailed());
      });
      if (!uploaded.url || !uploaded.public_id) throw new UploadError(M.invalidResponse());
      const saved = await updatePicture(user.id, uploaded.url, uploaded.public_id).catch(() => {
        throw new UploadError(M.saveFailed());
      });
      storeUser(mergeUser(user, saved.user));
      flashUpdated();
      toast.success(M.updated());
    } catch (failure) {
      fail(failure instanceof UploadError ? failure.message : M.saveFailed());
    } finally {
      setChosen(null);
      setProgress(null);
    }
  };

  // The upload's banners take a row of their own under the header (its flex wraps), not the
  // picture's column, which they widened until the name and email beside it were squeezed.
  return (
    <>
      <div className="flex flex-col items-center gap-2">
        <div className="relative">
          {preview ? (
            <img src={preview} alt="" width={SIZE} height={SIZE} className="h-24 w-24 rounded-full object-cover opacity-70" />
          ) : (
            <Avatar name={user.name} picture={user.picture} className="h-24 w-24 text-3xl" />
          )}
          <label
            htmlFor={inputId}
            className="absolute right-0 bottom-0 flex h-8 w-8 cursor-pointer items-center justify-center rounded-full bg-green-700 text-white shadow hover:bg-green-800 focus-within:outline-2 focus-within:outline-green-600"
          >
            <Camera className="h-4 w-4" aria-hidden="true" />
            <span className="sr-only">{text('profile.picture.change')}</span>
            <input
              id={inputId}
              type="file"
              accept={PICTURE_TYPES.join(',')}
              className="sr-only"
              onChange={(event) => void pick(event)}
              disabled={busy}
            />
          </label>
        </div>
        {progress !== null && (
          <div
            className="w-24"
            role="progressbar"
            aria-label={text('profile.picture.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
          >
            <div className="h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
              <div className="h-full bg-green-600 transition-all" style={{ width: `${progress}%` }} />
            </div>
            <p className="mt-1 text-center text-xs text-slate-500 dark:text-slate-400">{progress}%</p>
          </div>
        )}
      </div>
      {(showUpdated || error) && (
        <div className="sm:order-last sm:basis-full">
          {showUpdated && <Banner tone="success">{M.updated()}</Banner>}
          {error && <Banner tone="error">{error}</Banner>}
        </div>
      )}
    </>
  );
}
