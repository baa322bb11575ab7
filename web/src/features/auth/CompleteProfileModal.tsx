import { type SessionResponse, SetupUserRequest } from '@commonwork/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage, isApiError } from '../../shared/api/index.ts';
import { Avatar } from '../../shared/ui/Avatar.tsx';
import { Banner } from '../../shared/ui/Banner.tsx';
import { buttonPrimary, buttonSecondary, inputClass } from '../../shared/ui/classes.ts';
import { FormField } from '../../shared/ui/FormField.tsx';
import { Modal } from '../../shared/ui/Modal.tsx';
import { setupProfile } from './api.ts';
import { t, useT } from './locales/index.ts';
import { AUTH_MESSAGES } from './messages.ts';
import type { PendingProfile } from './useProviderSignIn.ts';

const ProfileSetupSchema = SetupUserRequest.pick({ name: true, username: true, bio: true });
type SetupField = 'name' | 'username' | 'bio';
const SETUP_FIELDS: readonly string[] = ['name', 'username', 'bio'] satisfies SetupField[];
const isSetupField = (field: string): field is SetupField => SETUP_FIELDS.includes(field);

interface CompleteProfileModalProps {
  pending: PendingProfile | null;
  onClose: () => void;
  onComplete: (response: SessionResponse) => void;
}

/** The 'Complete Your Profile' step: name, username and bio, all required; email is read-only. */
export function CompleteProfileModal({ pending, onClose, onComplete }: CompleteProfileModalProps) {
  const text = useT();
  return (
    <Modal open={pending !== null} title={text('auth.setup.title')} description={text('auth.setup.description')} onClose={onClose}>
      {pending && <CompleteProfileForm pending={pending} onCancel={onClose} onComplete={onComplete} />}
    </Modal>
  );
}

function CompleteProfileForm({
  pending,
  onCancel,
  onComplete,
}: {
  pending: PendingProfile;
  onCancel: () => void;
  onComplete: (response: SessionResponse) => void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const text = useT();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ProfileSetupSchema),
    defaultValues: { name: pending.name, username: '', bio: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const response = await setupProfile(pending.token, {
        email: pending.email,
        name: values.name,
        username: values.username,
        bio: values.bio,
        picture: pending.picture,
      });
      onComplete(response);
    } catch (err) {
      if (!isApiError(err)) {
        setFormError(t(AUTH_MESSAGES.unexpected));
        return;
      }
      for (const detail of err.details) {
        if (isSetupField(detail.field)) setError(detail.field, { message: detail.message });
      }
      if (err.status === 409 && err.message) setError('username', { message: err.message });
      setFormError(errorMessage(err, t(AUTH_MESSAGES.setupFallback)));
    }
  });

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <div className="flex items-end gap-3">
        <Avatar name={pending.name} picture={pending.picture} className="h-11 w-11 text-base" />
        <div className="min-w-0 flex-1">
          <FormField id="setup-email" label={text('auth.setup.email')} hint={text('auth.setup.emailHint')}>
            <input id="setup-email" type="email" value={pending.email} readOnly className={inputClass} />
          </FormField>
        </div>
      </div>
      {formError && <Banner tone="error">{formError}</Banner>}
      <FormField id="setup-name" label={text('auth.setup.name')} error={errors.name?.message}>
        <input id="setup-name" type="text" autoComplete="name" className={inputClass} {...register('name')} />
      </FormField>
      <FormField id="setup-username" label={text('auth.setup.username')} error={errors.username?.message}>
        <input
          id="setup-username"
          type="text"
          autoComplete="username"
          placeholder={text('auth.setup.usernamePlaceholder')}
          className={inputClass}
          {...register('username')}
        />
      </FormField>
      <FormField id="setup-bio" label={text('auth.setup.bio')} error={errors.bio?.message}>
        <textarea id="setup-bio" rows={3} placeholder={text('auth.setup.bioPlaceholder')} className={inputClass} {...register('bio')} />
      </FormField>
      <div className="flex justify-end gap-2 pt-2">
        <button type="button" className={buttonSecondary} onClick={onCancel}>
          {text('auth.setup.cancel')}
        </button>
        <button type="submit" className={buttonPrimary} disabled={isSubmitting}>
          {text(isSubmitting ? 'auth.setup.saving' : 'auth.setup.submit')}
        </button>
      </div>
    </form>
  );
}
