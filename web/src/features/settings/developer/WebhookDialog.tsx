import { CreateWebhookRequest, type PublicEventType, type UpdateWebhookRequest, type Webhook } from '@commonwork/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Loader2 from 'lucide-react/icons/loader-2';
import Save from 'lucide-react/icons/save';
import WebhookIcon from 'lucide-react/icons/webhook';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../../shared/api/index.ts';
import { translateEnglish } from '../../../shared/i18n/index.ts';
import { buttonPrimary, buttonSecondary, inputClass, labelClass } from '../../../shared/ui/classes.ts';
import { FormField } from '../../../shared/ui/FormField.tsx';
import { Modal } from '../../../shared/ui/Modal.tsx';
import { Switch } from '../../../shared/ui/Switch.tsx';
import { toast } from '../../../shared/ui/toast.ts';
import { createWebhook, fieldErrorsOf, storeWebhook, updateWebhook } from './api.ts';
import { EVENTS_BY_FAMILY, familyLabel } from './labels.ts';
import { useT } from './locales/index.ts';

/**
 * The form's fields: a create's (contracts' CreateWebhookRequest) and, when editing, `enabled`.
 * An edit sends only what changed (contracts' UpdateWebhookRequest).
 */
const WebhookForm = CreateWebhookRequest.extend({ enabled: z.boolean() });
type WebhookFormInput = z.input<typeof WebhookForm>;
type WebhookFormValues = z.output<typeof WebhookForm>;

const EMPTY: WebhookFormInput = { url: '', events: [], description: '', enabled: true };
const valuesOf = (webhook: Webhook): WebhookFormInput => ({
  url: webhook.url,
  events: webhook.events,
  description: webhook.description,
  enabled: webhook.enabled,
});

const sameEvents = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((type) => b.includes(type));

/** What an edit changes, as PATCH takes it; null when nothing changed. */
function changesOf(webhook: Webhook, values: WebhookFormValues): UpdateWebhookRequest | null {
  const changes: UpdateWebhookRequest = {
    ...(values.url !== webhook.url && { url: values.url }),
    ...(!sameEvents(values.events, webhook.events) && { events: values.events }),
    ...(values.description !== webhook.description && { description: values.description }),
    ...(values.enabled !== webhook.enabled && { enabled: values.enabled }),
  };
  return Object.keys(changes).length > 0 ? changes : null;
}

interface WebhookDialogProps {
  open: boolean;
  /** The webhook to edit; none: a new one. */
  webhook: Webhook | null;
  onClose: () => void;
  /** After a create, with the signing secret shown this once. */
  onCreated: (webhook: Webhook, secret: string) => void;
}

/** Add or edit a webhook: its URL, the events it is sent (grouped by family), a description; when editing, Active. */
export function WebhookDialog({ open, webhook, onClose, onCreated }: WebhookDialogProps) {
  // A fresh form for each webhook opened (and for each new one), with that webhook's values.
  return open ? <WebhookFormDialog key={webhook?.id ?? 'new'} webhook={webhook} onClose={onClose} onCreated={onCreated} /> : null;
}

function WebhookFormDialog({ webhook, onClose, onCreated }: Omit<WebhookDialogProps, 'open'>) {
  const t = useT();
  const queryClient = useQueryClient();
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<WebhookFormInput, unknown, WebhookFormValues>({
    resolver: zodResolver(WebhookForm),
    defaultValues: webhook ? valuesOf(webhook) : EMPTY,
  });

  // A field the server refused (an address it will not call) shows under that field; anything else in a toast.
  const refused = (error: unknown, fallback: string) => {
    const fields = fieldErrorsOf(error, ['url', 'events', 'description'] as const);
    for (const { field, message } of fields) setError(field, { message });
    if (fields.length === 0) toast.error(errorMessage(error, fallback));
  };

  const submit = handleSubmit(async (values) => {
    if (!webhook) {
      try {
        const { webhook: created, secret } = await createWebhook({
          url: values.url,
          events: values.events,
          description: values.description,
        });
        storeWebhook(queryClient, created);
        toast.success(t('developer.webhooks.created'));
        onCreated(created, secret);
      } catch (error) {
        refused(error, t('developer.webhooks.createFailed'));
      }
      return;
    }
    const changes = changesOf(webhook, values);
    if (!changes) {
      onClose();
      return;
    }
    try {
      storeWebhook(queryClient, await updateWebhook(webhook.id, changes));
      toast.success(t('developer.webhooks.updated'));
      onClose();
    } catch (error) {
      refused(error, t('developer.webhooks.updateFailed'));
    }
  });

  // A family's boxes all ticked, or all cleared, in one press.
  const setFamily = (types: readonly PublicEventType[], on: boolean) => {
    const others = getValues('events').filter((type) => !types.includes(type));
    setValue('events', on ? [...others, ...types] : others, { shouldDirty: true, shouldValidate: Boolean(errors.events) });
  };

  const urlError = errors.url?.message;
  const eventsError = errors.events?.message ?? errors.events?.root?.message;
  const title = t(webhook ? 'developer.webhooks.edit' : 'developer.webhooks.new');
  return (
    <Modal open onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate className="space-y-5" aria-label={title}>
        <FormField id="webhook-url" label={t('developer.webhooks.url')} error={urlError}>
          <input
            id="webhook-url"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder={t('developer.webhooks.urlPlaceholder')}
            className={`${inputClass} font-mono`}
            aria-invalid={Boolean(urlError)}
            aria-describedby={urlError ? 'webhook-url-error' : undefined}
            {...register('url')}
          />
        </FormField>
        <fieldset aria-describedby={eventsError ? 'webhook-events-error' : 'webhook-events-hint'}>
          <legend className={labelClass}>{t('developer.webhooks.events')}</legend>
          <p id="webhook-events-hint" className="mb-2 text-xs text-slate-500 dark:text-slate-400">
            {t('developer.webhooks.eventsHint')}
          </p>
          <div className="space-y-3">
            {EVENTS_BY_FAMILY.map(({ family, types }) => (
              <fieldset key={family} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                <legend className="px-1 text-sm font-semibold text-slate-800 dark:text-slate-200">{familyLabel(family)}</legend>
                <div className="mb-1 flex gap-3 text-xs">
                  <button
                    type="button"
                    className="font-medium text-green-700 hover:underline dark:text-green-400"
                    onClick={() => setFamily(types, true)}
                    aria-label={`${t('developer.webhooks.selectAll')}: ${familyLabel(family)}`}
                  >
                    {t('developer.webhooks.selectAll')}
                  </button>
                  <button
                    type="button"
                    className="font-medium text-slate-600 hover:underline dark:text-slate-400"
                    onClick={() => setFamily(types, false)}
                    aria-label={`${t('developer.webhooks.clearAll')}: ${familyLabel(family)}`}
                  >
                    {t('developer.webhooks.clearAll')}
                  </button>
                </div>
                <div className="grid gap-1 sm:grid-cols-2">
                  {types.map((type) => (
                    <label
                      key={type}
                      className="flex cursor-pointer items-center gap-2 rounded p-1 hover:bg-slate-50 dark:hover:bg-slate-800"
                    >
                      <input type="checkbox" value={type} className="h-4 w-4 shrink-0 accent-green-700" {...register('events')} />
                      <span className="font-mono text-xs break-all text-slate-800 dark:text-slate-200">{type}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            ))}
          </div>
          {eventsError && (
            <p id="webhook-events-error" className="mt-1 text-sm text-red-600 dark:text-red-400">
              {translateEnglish(eventsError)}
            </p>
          )}
        </fieldset>
        <FormField id="webhook-description" label={t('developer.webhooks.description')} error={errors.description?.message}>
          <textarea
            id="webhook-description"
            rows={2}
            placeholder={t('developer.webhooks.descriptionPlaceholder')}
            className={inputClass}
            {...register('description')}
          />
        </FormField>
        {webhook && (
          <Controller
            control={control}
            name="enabled"
            render={({ field }) => (
              <Switch
                id="webhook-enabled"
                checked={field.value}
                onChange={field.onChange}
                label={t('developer.webhooks.enabled')}
                description={t('developer.webhooks.enabledHint')}
              />
            )}
          />
        )}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={buttonSecondary} disabled={isSubmitting}>
            {t('developer.cancel')}
          </button>
          <button type="submit" className={buttonPrimary} disabled={isSubmitting}>
            {isSubmitting ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            ) : webhook ? (
              <Save className="h-4 w-4" aria-hidden="true" />
            ) : (
              <WebhookIcon className="h-4 w-4" aria-hidden="true" />
            )}
            {t(isSubmitting ? 'developer.webhooks.saving' : webhook ? 'developer.webhooks.save' : 'developer.webhooks.create')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
