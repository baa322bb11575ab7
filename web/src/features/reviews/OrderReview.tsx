import { ORDER_LIMITS, type Order, type Review, ReviewReplyRequest, ReviewRequest } from '@commonwork/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import MessageSquareReply from 'lucide-react/icons/message-square-reply';
import { Controller, type FieldValues, type Path, type UseFormSetError, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../../shared/api/index.ts';
import { buttonPrimary, cardClass } from '../../shared/ui/classes.ts';
import { FormField } from '../../shared/ui/FormField.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { orderFailure, orderKey } from '../orders/api.ts';
import { CountedTextarea } from '../orders/CountedTextarea.tsx';
import { postReply, postReview } from './api.ts';
import { useT } from './locales/index.ts';
import { ReviewCard } from './ReviewCard.tsx';
import { refreshFigures } from './refreshFigures.ts';
import { StarInput } from './Stars.tsx';

/**
 * The reviews' part of an order's page: the buyer's review form while `actions` offers 'review',
 * the review once written, and beneath it the seller's answer form while `actions` offers 'reply'.
 * Nothing when there is neither.
 */
export function OrderReview({ order }: { order: Order }) {
  const t = useT();
  const { review } = order;
  if (!review) return order.actions.includes('review') ? <ReviewForm order={order} /> : null;
  return (
    <section className={`${cardClass} space-y-4`} aria-labelledby="order-review-title">
      <h2 id="order-review-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t(order.role === 'buyer' ? 'reviews.yours' : 'reviews.buyers')}
      </h2>
      <ReviewCard review={review} />
      {order.actions.includes('reply') && !review.reply && <ReplyForm order={order} review={review} />}
    </section>
  );
}

/**
 * The order as it is after a review or an answer: shown at once, then read again from the server
 * (which also says what the reader may do now); every figure the review changes is read again.
 */
function storeReview(queryClient: QueryClient, order: Order, review: Review) {
  queryClient.setQueryData<Order>(orderKey(order.id), (old) =>
    old ? { ...old, review, actions: old.actions.filter((action) => action !== 'review' && action !== 'reply') } : old,
  );
  void queryClient.invalidateQueries({ queryKey: orderKey(order.id) });
  refreshFigures(queryClient);
}

/** A refusal's field errors (400) on the form's own fields; true when there were some. */
function showFieldErrors<T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>): boolean {
  if (!isApiError(error) || error.status !== 400) return false;
  const own = error.details.filter((detail) => (fields as readonly string[]).includes(detail.field));
  for (const detail of own) setError(detail.field as Path<T>, { message: detail.message });
  return own.length > 0;
}

/** After a refusal: the server's sentence; a 409 (already reviewed, answered) reads the order again. */
function refused(queryClient: QueryClient, order: Order, error: unknown, fallback: string) {
  toast.error(orderFailure(error, fallback));
  if (isApiError(error) && error.status === 409) void queryClient.invalidateQueries({ queryKey: orderKey(order.id) });
}

type ReviewValues = z.input<typeof ReviewRequest>;

function ReviewForm({ order }: { order: Order }) {
  const t = useT();
  const queryClient = useQueryClient();
  const form = useForm<ReviewValues, unknown, z.output<typeof ReviewRequest>>({
    resolver: zodResolver(ReviewRequest),
    defaultValues: { text: '' },
  });
  const { errors } = form.formState;
  const send = useMutation({
    mutationFn: (values: z.output<typeof ReviewRequest>) => postReview(order.id, values),
    onSuccess: ({ review }) => {
      toast.success(t('reviews.form.sent'));
      storeReview(queryClient, order, review);
    },
    onError: (error) => {
      if (!showFieldErrors(error, ['rating', 'text'], form.setError)) refused(queryClient, order, error, t('reviews.form.failed'));
    },
  });
  const text = form.watch('text') ?? '';

  return (
    <section className={cardClass} aria-labelledby="review-form-title">
      <h2 id="review-form-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('reviews.form.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('reviews.form.intro')}</p>
      <form className="mt-4 space-y-4" noValidate onSubmit={form.handleSubmit((values) => send.mutate(values))}>
        <Controller
          control={form.control}
          name="rating"
          render={({ field }) => (
            <StarInput
              id="review-rating"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.rating?.message}
            />
          )}
        />
        <FormField id="review-text" label={t('reviews.form.text')} error={errors.text?.message}>
          <CountedTextarea
            {...form.register('text')}
            id="review-text"
            rows={4}
            length={text.trim().length}
            limit={ORDER_LIMITS.reviewText}
            invalid={Boolean(errors.text)}
            placeholder={t('reviews.form.textPlaceholder')}
          />
        </FormField>
        <button type="submit" className={buttonPrimary} disabled={send.isPending}>
          {t(send.isPending ? 'reviews.form.sending' : 'reviews.form.submit')}
        </button>
      </form>
    </section>
  );
}

function ReplyForm({ order, review }: { order: Order; review: Review }) {
  const t = useT();
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof ReviewReplyRequest>, unknown, z.output<typeof ReviewReplyRequest>>({
    resolver: zodResolver(ReviewReplyRequest),
    defaultValues: { text: '' },
  });
  const { errors } = form.formState;
  const send = useMutation({
    mutationFn: ({ text }: z.output<typeof ReviewReplyRequest>) => postReply(review.id, text),
    onSuccess: (answer) => {
      toast.success(t('reviews.reply.sent'));
      storeReview(queryClient, order, answer.review);
    },
    onError: (error) => {
      if (!showFieldErrors(error, ['text'], form.setError)) refused(queryClient, order, error, t('reviews.reply.failed'));
    },
  });
  const text = form.watch('text');

  return (
    <form
      className="space-y-3 border-t border-slate-100 pt-4 dark:border-slate-800"
      noValidate
      aria-labelledby="reply-form-title"
      onSubmit={form.handleSubmit((values) => send.mutate(values))}
    >
      <h3 id="reply-form-title" className="font-semibold text-slate-900 dark:text-white">
        {t('reviews.reply.title')}
      </h3>
      <FormField id="reply-text" label={t('reviews.reply.text')} error={errors.text?.message} hint={t('reviews.reply.hint')}>
        <CountedTextarea
          {...form.register('text')}
          id="reply-text"
          rows={3}
          length={text.trim().length}
          limit={ORDER_LIMITS.replyText}
          invalid={Boolean(errors.text)}
        />
      </FormField>
      <button type="submit" className={buttonPrimary} disabled={send.isPending}>
        <MessageSquareReply className="h-4 w-4" aria-hidden="true" />
        {t(send.isPending ? 'reviews.reply.sending' : 'reviews.reply.submit')}
      </button>
    </form>
  );
}
