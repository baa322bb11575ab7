import { DeclineOrderRequest, DeliverOrderRequest, ORDER_LIMITS, type Order } from '@commonwork/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../shared/api/index.ts';
import { AttachButton, PendingAttachments } from '../../shared/conversation/attachments/AttachmentPicker.tsx';
import { attachmentRequests } from '../../shared/conversation/attachments/attachments.ts';
import { useAttachments } from '../../shared/conversation/attachments/useAttachments.ts';
import { buttonPrimary, buttonSecondary, labelClass } from '../../shared/ui/classes.ts';
import { FormField } from '../../shared/ui/FormField.tsx';
import { Modal } from '../../shared/ui/Modal.tsx';
import { CountedTextarea } from './CountedTextarea.tsx';
import { useT } from './locales/index.ts';
import { formOf, type StepAction, type StepInput, textLimitOf } from './orderActions.ts';
import { revisionsLeft } from './orderDisplay.ts';

/** The steps that ask something first: their dialog's title and the line under it. */
type AskingAction = Exclude<StepAction, 'accept' | 'refuseCancel' | 'withdrawCancel' | 'resumeOrder'>;

// The contracts' rules for a reason and for a delivery's message, word for word.
const ReasonForm = z.object({ text: DeclineOrderRequest.shape.reason });
const DeliveryForm = z.object({ text: DeliverOrderRequest.shape.message });

interface StepDialogProps {
  action: AskingAction;
  order: Order;
  pending: boolean;
  /** The last refusal of this step (a 400 names the field). */
  error: unknown;
  onSubmit: (input: StepInput) => void;
  onClose: () => void;
}

/**
 * A step's dialog: a yes for one that cannot be undone, a reason for a refusal, a message and files
 * for a delivery. It keeps the focus and closes on Escape (the app's Modal).
 */
export function StepDialog({ action, order, pending, error, onSubmit, onClose }: StepDialogProps) {
  const t = useT();
  const form = formOf(action);
  const hint =
    action === 'deliver'
      ? t('orders.dialog.deliverHint', { days: ORDER_LIMITS.autoCompleteDays })
      : action === 'revision'
        ? t('orders.dialog.revisionHint', { left: revisionsLeft(order) - 1 })
        : t(`orders.dialog.${action}Hint`);
  return (
    <Modal open title={t(`orders.dialog.${action}`)} description={hint} onClose={onClose}>
      {form === 'confirm' ? (
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonSecondary} onClick={onClose}>
            {t('orders.dialog.back')}
          </button>
          <button type="button" className={buttonPrimary} disabled={pending} onClick={() => onSubmit({ text: '', attachments: [] })}>
            {pending ? t('orders.action.working') : t('orders.dialog.confirm')}
          </button>
        </div>
      ) : (
        <TextStepForm
          action={action}
          delivery={form === 'delivery'}
          pending={pending}
          error={error}
          onSubmit={onSubmit}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

interface TextStepFormProps {
  action: AskingAction;
  delivery: boolean;
  pending: boolean;
  error: unknown;
  onSubmit: (input: StepInput) => void;
  onClose: () => void;
}

function TextStepForm({ action, delivery, pending, error, onSubmit, onClose }: TextStepFormProps) {
  const t = useT();
  const attachments = useAttachments(ORDER_LIMITS.attachments);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(delivery ? DeliveryForm : ReasonForm), defaultValues: { text: '' } });
  const max = textLimitOf(action);
  const id = `order-${action}-text`;

  // The server's word on a field (400) under the box.
  useEffect(() => {
    if (!isApiError(error)) return;
    const detail = error.details.find((d) => d.field === 'reason' || d.field === 'message');
    if (detail) setError('text', { message: detail.message });
  }, [error, setError]);

  const submit = handleSubmit(({ text }) => onSubmit({ text, attachments: attachmentRequests(attachments.ready) }));
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField id={id} label={t(delivery ? 'orders.dialog.message' : 'orders.dialog.reason')} error={errors.text?.message}>
        <CountedTextarea id={id} length={watch('text').length} limit={max} invalid={Boolean(errors.text)} {...register('text')} />
      </FormField>
      {delivery && (
        <div>
          <p className={labelClass}>{t('orders.dialog.files')}</p>
          <PendingAttachments attachments={attachments} />
          <AttachButton attachments={attachments} disabled={pending} />
        </div>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className={buttonSecondary} onClick={onClose}>
          {t('orders.dialog.back')}
        </button>
        <button type="submit" className={buttonPrimary} disabled={pending || attachments.uploading}>
          {pending ? t('orders.action.working') : t(`orders.action.${action}`)}
        </button>
      </div>
    </form>
  );
}
