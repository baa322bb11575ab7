import { DevTokenRequest } from '@commonwork/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Terminal from 'lucide-react/icons/terminal';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../shared/api/index.ts';
import { buttonSecondary, inputClass } from '../../shared/ui/classes.ts';
import { FormField } from '../../shared/ui/FormField.tsx';
import { requestDevToken } from './api.ts';
import { t, useT } from './locales/index.ts';
import { AUTH_MESSAGES, type AuthMode } from './messages.ts';

const DevSignInSchema = DevTokenRequest.pick({ email: true, name: true });

interface DevSignInFormProps {
  mode: AuthMode;
  disabled: boolean;
  onCredential: (credential: string) => void;
}

/**
 * The dev issuer's form: offered only when the server says it is on, for trying the platform
 * without internet or a Google account. The token it returns is used like a Google credential.
 */
export function DevSignInForm({ mode, disabled, onCredential }: DevSignInFormProps) {
  const [error, setError] = useState<string | null>(null);
  const text = useT();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(DevSignInSchema), defaultValues: { email: '', name: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const { token } = await requestDevToken(values);
      onCredential(token);
    } catch (err) {
      setError(errorMessage(err, t(AUTH_MESSAGES.authenticateFallback)));
    }
  });

  return (
    <section
      aria-labelledby="dev-sign-in-title"
      className="rounded-xl border border-dashed border-amber-300 bg-amber-50/60 p-4 dark:border-amber-700 dark:bg-amber-950/30"
    >
      <h2 id="dev-sign-in-title" className="flex items-center gap-2 text-sm font-semibold text-amber-900 dark:text-amber-200">
        <Terminal className="h-4 w-4" aria-hidden="true" />
        {text('auth.dev.title')}
      </h2>
      <p className="mt-1 text-xs text-amber-800 dark:text-amber-300">{text('auth.dev.lead')}</p>
      <form onSubmit={onSubmit} className="mt-3 space-y-3" noValidate>
        <FormField id="dev-email" label={text('auth.dev.email')} error={errors.email?.message}>
          <input id="dev-email" type="email" autoComplete="email" className={inputClass} {...register('email')} />
        </FormField>
        <FormField id="dev-name" label={text('auth.dev.name')} error={errors.name?.message}>
          <input id="dev-name" type="text" autoComplete="name" className={inputClass} {...register('name')} />
        </FormField>
        {error && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
        <button type="submit" className={`${buttonSecondary} w-full`} disabled={disabled || isSubmitting}>
          {text(mode === 'signup' ? 'auth.dev.signup' : 'auth.dev.login')}
        </button>
      </form>
    </section>
  );
}
