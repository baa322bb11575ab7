import { CHANNEL_CATEGORIES, CHANNEL_TYPES, type Channel, CreateChannelRequest } from '@commonwork/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Loader2 from 'lucide-react/icons/loader-2';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { buttonPrimary, buttonSecondary, inputClass } from '../../shared/ui/classes.ts';
import { FormField } from '../../shared/ui/FormField.tsx';
import { Modal } from '../../shared/ui/Modal.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { CHANNELS_KEY, type CreateChannelBody, createChannel } from './api.ts';
import { channelCategoryLabel, channelTypeLabel } from './channelLabels.ts';
import { useT } from './locales/index.ts';

type CreateChannelForm = z.input<typeof CreateChannelRequest>;

const EMPTY: CreateChannelForm = { name: '', description: '', type: 'public', category: 'general' };

interface CreateChannelDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (channel: Channel) => void;
}

/** The create-channel dialog (spec 002 §2, §5): name (required after trimming), description, type, category. */
export function CreateChannelDialog({ open, onClose, onCreated }: CreateChannelDialogProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CreateChannelForm, unknown, CreateChannelBody>({ resolver: zodResolver(CreateChannelRequest), defaultValues: EMPTY });

  const close = () => {
    reset(EMPTY);
    onClose();
  };

  const submit = handleSubmit(async (body) => {
    try {
      const { data } = await createChannel(body);
      toast.success(t('community.created'));
      queryClient.setQueryData<Channel[]>(CHANNELS_KEY, (list) => [data, ...(list ?? []).filter((c) => c.id !== data.id)]);
      reset(EMPTY);
      onCreated(data);
    } catch {
      toast.error(t('community.createFailed'));
    }
  });

  const nameError = errors.name?.message;
  return (
    <Modal open={open} onClose={close} title={t('community.createChannel')} description={t('community.create.description')}>
      <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('community.list.createChannel')}>
        <FormField id="channel-name" label={t('community.create.name')} error={nameError}>
          <input
            id="channel-name"
            type="text"
            placeholder={t('community.create.namePlaceholder')}
            className={inputClass}
            aria-invalid={Boolean(nameError)}
            aria-describedby={nameError ? 'channel-name-error' : undefined}
            {...register('name')}
          />
        </FormField>
        <FormField id="channel-description" label={t('community.description')} error={errors.description?.message}>
          <textarea
            id="channel-description"
            rows={3}
            placeholder={t('community.create.descriptionPlaceholder')}
            className={inputClass}
            {...register('description')}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="channel-type" label={t('community.settings.type')}>
            <select id="channel-type" className={inputClass} {...register('type')}>
              {CHANNEL_TYPES.map((type) => (
                <option key={type} value={type}>
                  {channelTypeLabel(type)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="channel-category" label={t('community.create.category')}>
            <select id="channel-category" className={inputClass} {...register('category')}>
              {CHANNEL_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {channelCategoryLabel(category)}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={close} className={buttonSecondary} disabled={isSubmitting}>
            {t('community.cancel')}
          </button>
          <button type="submit" className={buttonPrimary} disabled={isSubmitting}>
            {isSubmitting && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
            {t('community.createChannel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
