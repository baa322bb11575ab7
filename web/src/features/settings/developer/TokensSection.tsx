import { CreateTokenRequest, type PersonalToken, SCOPE_NAMES } from '@commonwork/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import KeyRound from 'lucide-react/icons/key-round';
import Loader2 from 'lucide-react/icons/loader-2';
import Plus from 'lucide-react/icons/plus';
import ShieldOff from 'lucide-react/icons/shield-off';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../../shared/api/index.ts';
import { formatRelativeTimeShort } from '../../../shared/format/index.ts';
import { translateEnglish } from '../../../shared/i18n/index.ts';
import { buttonPrimary, buttonSecondary, buttonSecondarySmall, inputClass, labelClass } from '../../../shared/ui/classes.ts';
import { FormField } from '../../../shared/ui/FormField.tsx';
import { Modal } from '../../../shared/ui/Modal.tsx';
import { toast } from '../../../shared/ui/toast.ts';
import { createToken, dropToken, fieldErrorsOf, revokeToken, TOKENS_KEY, useTokens } from './api.ts';
import { formatDay, scopeSentence } from './labels.ts';
import { useT } from './locales/index.ts';
import { ConfirmDialog, Empty, LoadError, Loading, SecretPanel, Section } from './parts.tsx';

type TokenForm = z.input<typeof CreateTokenRequest>;
type TokenBody = z.output<typeof CreateTokenRequest>;

/** The expiries offered, in days; `null`: until revoked. */
const EXPIRIES = [7, 30, 90, 365, null] as const;
const EMPTY: TokenForm = { name: '', scopes: [], expiresInDays: 30 };

/** Personal access tokens: the list, Generate token (its secret shown once), Revoke with a confirmation. */
export function TokensSection() {
  const t = useT();
  const queryClient = useQueryClient();
  const tokens = useTokens();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<PersonalToken | null>(null);

  const revoke = async (token: PersonalToken) => {
    try {
      await revokeToken(token.id);
      dropToken(queryClient, token.id);
      toast.success(t('developer.tokens.revoked'));
      setRevoking(null);
    } catch (error) {
      toast.error(errorMessage(error, t('developer.tokens.revokeFailed')));
    }
  };

  return (
    <Section
      id="developer-tokens"
      icon={KeyRound}
      title={t('developer.tokens.title')}
      lead={t('developer.tokens.lead')}
      action={
        <button type="button" className={buttonPrimary} onClick={() => setCreating(true)}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {t('developer.tokens.create')}
        </button>
      }
    >
      {created && (
        <SecretPanel
          title={t('developer.secret.tokenTitle', { name: created.name })}
          secret={created.secret}
          use={t('developer.secret.tokenUse')}
          onDone={() => setCreated(null)}
        />
      )}
      {tokens.isPending ? (
        <Loading label={t('developer.tokens.loading')} />
      ) : tokens.isError ? (
        <LoadError message={t('developer.tokens.loadFailed')} onRetry={() => void tokens.refetch()} />
      ) : tokens.data.length === 0 ? (
        <Empty icon={KeyRound} title={t('developer.tokens.emptyTitle')} body={t('developer.tokens.emptyBody')} />
      ) : (
        <ul aria-label={t('developer.tokens.list')} className="space-y-3">
          {tokens.data.map((token) => (
            <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
          ))}
        </ul>
      )}
      <CreateTokenDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(name, secret) => {
          setCreating(false);
          setCreated({ name, secret });
        }}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={t('developer.tokens.revokeTitle')}
        text={t('developer.tokens.revokeConfirm', { name: revoking?.name ?? '' })}
        action={t('developer.tokens.revoke')}
        busyAction={t('developer.tokens.revoking')}
        icon={ShieldOff}
        onConfirm={() => (revoking ? revoke(revoking) : Promise.resolve())}
        onClose={() => setRevoking(null)}
      />
    </Section>
  );
}

function TokenRow({ token, onRevoke }: { token: PersonalToken; onRevoke: () => void }) {
  const t = useT();
  const expired = token.expiresAt !== null && new Date(token.expiresAt) <= new Date();
  return (
    <li
      aria-label={token.name}
      className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
      data-testid="developer-token"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900 dark:text-white">{token.name}</p>
          <p className="font-mono text-xs break-all text-slate-500 dark:text-slate-400">
            {token.hint.endsWith('…') ? token.hint : `${token.hint}…`}
          </p>
        </div>
        <button
          type="button"
          className={buttonSecondarySmall}
          onClick={onRevoke}
          aria-label={t('developer.tokens.revokeNamed', { name: token.name })}
        >
          <ShieldOff className="h-4 w-4" aria-hidden="true" />
          {t('developer.tokens.revoke')}
        </button>
      </div>
      <ul className="flex flex-wrap gap-1.5" aria-label={t('developer.tokens.scopes')}>
        {token.scopes.map((scope) => (
          <li
            key={scope}
            title={scopeSentence(scope)}
            className="rounded-full bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300"
          >
            {scope}
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        <Fact label={t('developer.tokens.createdAt')}>{formatDay(token.createdAt)}</Fact>
        <Fact label={t('developer.tokens.expires')}>
          {token.expiresAt === null ? (
            t('developer.tokens.never')
          ) : expired ? (
            <span className="font-medium text-red-700 dark:text-red-400">{t('developer.tokens.expired')}</span>
          ) : (
            formatDay(token.expiresAt)
          )}
        </Fact>
        <Fact label={t('developer.tokens.lastUsed')}>
          {token.lastUsedAt === null ? t('developer.tokens.neverUsed') : formatRelativeTimeShort(token.lastUsedAt)}
        </Fact>
      </dl>
    </li>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-2 sm:flex-col sm:gap-0">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-slate-800 dark:text-slate-200">{children}</dd>
    </div>
  );
}

function CreateTokenDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (name: string, secret: string) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TokenForm, unknown, TokenBody>({ resolver: zodResolver(CreateTokenRequest), defaultValues: EMPTY });

  const close = () => {
    reset(EMPTY);
    onClose();
  };

  const submit = handleSubmit(async (body) => {
    try {
      const { token, secret } = await createToken(body);
      queryClient.setQueryData<PersonalToken[]>(TOKENS_KEY, (tokens) => [token, ...(tokens ?? [])]);
      void queryClient.invalidateQueries({ queryKey: TOKENS_KEY });
      toast.success(t('developer.tokens.created'));
      reset(EMPTY);
      onCreated(token.name, secret);
    } catch (error) {
      const fields = fieldErrorsOf(error, ['name', 'scopes', 'expiresInDays'] as const);
      for (const { field, message } of fields) setError(field, { message });
      if (fields.length === 0) toast.error(errorMessage(error, t('developer.tokens.createFailed')));
    }
  });

  const nameError = errors.name?.message;
  const scopesError = errors.scopes?.message ?? errors.scopes?.root?.message;
  return (
    <Modal open={open} onClose={close} title={t('developer.tokens.new')} description={t('developer.tokens.newLead')}>
      <form onSubmit={submit} noValidate className="space-y-5" aria-label={t('developer.tokens.new')}>
        <FormField id="token-name" label={t('developer.tokens.name')} error={nameError}>
          <input
            id="token-name"
            type="text"
            autoComplete="off"
            placeholder={t('developer.tokens.namePlaceholder')}
            className={inputClass}
            aria-invalid={Boolean(nameError)}
            aria-describedby={nameError ? 'token-name-error' : undefined}
            {...register('name')}
          />
        </FormField>
        <fieldset aria-describedby={scopesError ? 'token-scopes-error' : undefined}>
          <legend className={labelClass}>{t('developer.tokens.scopes')}</legend>
          <div className="space-y-2">
            {SCOPE_NAMES.map((scope) => (
              <label key={scope} className="flex cursor-pointer items-start gap-3 rounded-lg p-1 hover:bg-slate-50 dark:hover:bg-slate-800">
                <input
                  type="checkbox"
                  value={scope}
                  className="mt-1 h-4 w-4 shrink-0 accent-green-700"
                  aria-describedby={`token-scope-${scope.replace(':', '-')}`}
                  {...register('scopes')}
                />
                <span className="min-w-0">
                  <span className="block font-mono text-sm text-slate-900 dark:text-slate-100">{scope}</span>
                  <span id={`token-scope-${scope.replace(':', '-')}`} className="block text-xs text-slate-600 dark:text-slate-400">
                    {scopeSentence(scope)}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {scopesError && (
            <p id="token-scopes-error" className="mt-1 text-sm text-red-600 dark:text-red-400">
              {translateEnglish(scopesError)}
            </p>
          )}
        </fieldset>
        <FormField
          id="token-expiry"
          label={t('developer.tokens.expiry')}
          error={errors.expiresInDays?.message}
          hint={t('developer.tokens.noExpiryHint')}
        >
          <select
            id="token-expiry"
            className={inputClass}
            {...register('expiresInDays', { setValueAs: (value: unknown) => (value === 'none' || value === null ? null : Number(value)) })}
          >
            {EXPIRIES.map((days) => (
              <option key={days ?? 'none'} value={days ?? 'none'}>
                {days === null ? t('developer.tokens.noExpiry') : t('developer.tokens.expiryDays', { count: days })}
              </option>
            ))}
          </select>
        </FormField>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={close} className={buttonSecondary} disabled={isSubmitting}>
            {t('developer.cancel')}
          </button>
          <button type="submit" className={buttonPrimary} disabled={isSubmitting}>
            {isSubmitting ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            ) : (
              <KeyRound className="h-4 w-4" aria-hidden="true" />
            )}
            {t(isSubmitting ? 'developer.tokens.creating' : 'developer.tokens.create')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
