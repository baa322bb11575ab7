import { MESSAGING_LIMITS } from '@commonwork/contracts';
import Copy from 'lucide-react/icons/copy';
import KeyRound from 'lucide-react/icons/key-round';
import Loader2 from 'lucide-react/icons/loader-2';
import Trash2 from 'lucide-react/icons/trash-2';
import Webhook from 'lucide-react/icons/webhook';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../shared/api/index.ts';
import { formatRelativeTimeShort } from '../../shared/format/relativeTime.ts';
import { buttonPrimary, buttonSecondary, buttonSecondarySmall, inputClass } from '../../shared/ui/classes.ts';
import { toast } from '../../shared/ui/toast.ts';
import { curlExample, hookUrlOf, useCreateIncomingWebhook, useIncomingWebhooks, useRevokeIncomingWebhook } from './incomingWebhooks.ts';
import { useT } from './locales/index.ts';

/** The new hook's URL, shown this once with Copy: only a hash of it is kept. */
function NewHookUrl({ url, onDone }: { url: string; onDone: () => void }) {
  const t = useT();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('community.hooks.copied'));
    } catch {
      toast.error(t('community.settings.copyFailed'));
    }
  };
  return (
    <section
      aria-label={t('community.hooks.newUrl')}
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950/40"
    >
      <p className="flex items-center gap-1.5 text-sm font-semibold text-slate-900 dark:text-white">
        <KeyRound className="h-4 w-4 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden="true" />
        {t('community.hooks.newUrl')}
      </p>
      <p className="text-xs text-slate-700 dark:text-slate-300">{t('community.hooks.shownOnce')}</p>
      <div className="flex gap-2">
        <input
          type="text"
          readOnly
          value={url}
          aria-label={t('community.hooks.url')}
          className={`${inputClass} font-mono text-xs`}
          onFocus={(event) => event.target.select()}
        />
        <button
          type="button"
          onClick={copy}
          className={buttonSecondary}
          aria-label={t('community.hooks.copyUrl')}
          title={t('community.settings.copy')}
        >
          <Copy className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
      <pre className="overflow-x-auto rounded bg-slate-900 px-2 py-1.5 text-[11px] text-slate-100 dark:bg-black/60">{curlExample(url)}</pre>
      <button type="button" onClick={onDone} className={buttonSecondarySmall}>
        {t('community.hooks.done')}
      </button>
    </section>
  );
}

/**
 * A channel's incoming webhooks, for its admins (issue 31): create one (its URL shown once, with
 * Copy), see who made each and when it was last used, revoke. An integration POSTs `{"text": "…"}`
 * to the URL and its message appears under the hook's name with an App badge.
 */
export function IncomingWebhooks({ channelId }: { channelId: string }) {
  const t = useT();
  const hooks = useIncomingWebhooks(channelId, true);
  const create = useCreateIncomingWebhook(channelId);
  const revoke = useRevokeIncomingWebhook(channelId);
  const [name, setName] = useState('');
  const [newUrl, setNewUrl] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    try {
      const made = await create.mutateAsync(name.trim());
      setNewUrl(hookUrlOf(made.url));
      setName('');
      toast.success(t('community.hooks.created'));
    } catch (error) {
      toast.error(errorMessage(error, t('community.hooks.createFailed')));
    }
  };
  const revokeHook = async (hookId: string) => {
    try {
      await revoke.mutateAsync(hookId);
      toast.success(t('community.hooks.revoked'));
    } catch (error) {
      toast.error(errorMessage(error, t('community.hooks.revokeFailed')));
    }
  };

  return (
    <section aria-labelledby="incoming-webhooks-heading" className="space-y-2">
      <h3 id="incoming-webhooks-heading" className="flex items-center gap-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">
        <Webhook className="h-4 w-4" aria-hidden="true" />
        {t('community.hooks.heading')}
      </h3>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('community.hooks.hint')}</p>
      {newUrl && <NewHookUrl url={newUrl} onDone={() => setNewUrl(null)} />}
      <form onSubmit={submit} className="flex gap-2">
        <input
          type="text"
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={MESSAGING_LIMITS.hookName}
          placeholder={t('community.hooks.namePlaceholder')}
          aria-label={t('community.hooks.name')}
          className={inputClass}
        />
        <button type="submit" disabled={create.isPending || !name.trim()} className={`${buttonPrimary} shrink-0`}>
          {create.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          {t('community.hooks.create')}
        </button>
      </form>
      {hooks.isLoading && <p className="text-xs text-slate-500 dark:text-slate-400">{t('community.hooks.loading')}</p>}
      {hooks.isError && <p className="text-xs text-red-600 dark:text-red-400">{t('community.hooks.loadFailed')}</p>}
      {hooks.data && hooks.data.length === 0 && <p className="text-xs text-slate-500 dark:text-slate-400">{t('community.hooks.none')}</p>}
      {hooks.data && hooks.data.length > 0 && (
        <ul
          aria-label={t('community.hooks.heading')}
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
        >
          {hooks.data.map((hook) => (
            <li key={hook.id} className="flex items-start gap-2 px-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold text-slate-900 dark:text-white">{hook.name}</p>
                <p className="truncate font-mono text-[11px] text-slate-500 dark:text-slate-400">{hook.urlHint}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {t('community.hooks.by', { name: hook.createdBy.name, when: formatRelativeTimeShort(hook.createdAt) })} ·{' '}
                  {hook.lastUsedAt
                    ? t('community.hooks.lastUsed', { when: formatRelativeTimeShort(hook.lastUsedAt) })
                    : t('community.hooks.neverUsed')}
                </p>
              </div>
              <button
                type="button"
                onClick={() => revokeHook(hook.id)}
                disabled={revoke.isPending}
                className={`${buttonSecondarySmall} shrink-0 text-red-700 dark:text-red-400`}
                aria-label={t('community.hooks.revokeNamed', { name: hook.name })}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                {t('community.hooks.revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
