import { CreateOrderRequest, type Gig, ORDER_LIMITS } from '@commonwork/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import SearchX from 'lucide-react/icons/search-x';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '../../shared/api/index.ts';
import { AttachButton, PendingAttachments } from '../../shared/conversation/attachments/AttachmentPicker.tsx';
import { attachmentRequests } from '../../shared/conversation/attachments/attachments.ts';
import { useAttachments } from '../../shared/conversation/attachments/useAttachments.ts';
import { formatCurrency } from '../../shared/format/index.ts';
import { useHydrated } from '../../shared/hooks/useHydrated.tsx';
import { Banner } from '../../shared/ui/Banner.tsx';
import { buttonPrimary, buttonSecondary, cardClass, labelClass } from '../../shared/ui/classes.ts';
import { FormField } from '../../shared/ui/FormField.tsx';
import { LoadingScreen } from '../../shared/ui/Spinner.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { isGigNotFound, useGig } from '../marketplace/api.ts';
import { deliveryLabel, gigIdOf, isOwner } from '../marketplace/gigDisplay.ts';
import { orderFailure, placeOrder, storeOrder } from './api.ts';
import { CountedTextarea } from './CountedTextarea.tsx';
import { useT } from './locales/index.ts';

const RequirementsForm = CreateOrderRequest.pick({ requirements: true });

/**
 * /orders/new?gig=<id> (issue 30): the order form of a gig, opened by its Order Now. A page of its
 * own rather than a dialog on the gig page (docs/decisions/web/order-screens.md).
 */
export function NewOrderPage() {
  const t = useT();
  const [search] = useSearchParams();
  // The page comes pre-rendered without the address's query: the gig is read once React has taken over.
  const hydrated = useHydrated();
  const gigId = hydrated ? (search.get('gig') ?? undefined) : undefined;
  const gig = useGig(gigId);
  const { user } = useAuth();

  if (!hydrated) return <LoadingScreen label={t('orders.new.loading')} />;
  if (!gigId || (gig.isError && isGigNotFound(gig.error))) return <GigMissing />;
  if (gig.isPending) return <LoadingScreen label={t('orders.new.loading')} />;
  if (gig.isError) {
    return (
      <div className="mx-auto max-w-xl space-y-4">
        <Banner tone="error">{t('orders.new.gigMissing')}</Banner>
        <button type="button" className={buttonPrimary} onClick={() => void gig.refetch()}>
          {t('orders.list.retry')}
        </button>
      </div>
    );
  }
  const owned = isOwner(gig.data, user?.id);
  const unavailable = owned || gig.data.status !== 'active';
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Link
        to={`/marketplace/${gigIdOf(gig.data)}`}
        className="inline-flex items-center gap-2 text-sm font-medium text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t('orders.new.backToGig')}
      </Link>
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('orders.new.title')}</h1>
      {unavailable ? (
        <Banner tone="info">{t(owned ? 'orders.server.ownGig' : 'orders.server.gigUnavailable')}</Banner>
      ) : (
        <OrderForm gig={gig.data} />
      )}
    </div>
  );
}

function GigMissing() {
  const t = useT();
  return (
    <div className={`${cardClass} mx-auto max-w-xl text-center`}>
      <SearchX className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
      <h1 className="mt-3 text-xl font-semibold text-slate-900 dark:text-white">{t('orders.new.gigMissing')}</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">{t('orders.new.gigMissingHint')}</p>
      <Link to="/marketplace" className={`${buttonPrimary} mt-5`}>
        {t('orders.list.toMarketplace')}
      </Link>
    </div>
  );
}

function OrderForm({ gig }: { gig: Gig }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const gigId = gigIdOf(gig);
  // The order's id, chosen once for this form: a second click or a retry places the same order.
  const [orderId] = useState(() => crypto.randomUUID());
  const attachments = useAttachments(ORDER_LIMITS.attachments);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(RequirementsForm), defaultValues: { requirements: '' } });

  const place = useMutation({
    mutationFn: (requirements: string) =>
      placeOrder({ id: orderId, gigId, requirements, attachments: attachmentRequests(attachments.ready) }),
    onSuccess: (order) => {
      storeOrder(queryClient, order);
      toast.success(t('orders.new.placed'));
      navigate(`/orders/${order.id}`, { replace: true });
    },
    onError: (error) => {
      const detail = isApiError(error) ? error.details.find((d) => d.field === 'requirements') : undefined;
      if (detail) setError('requirements', { message: detail.message });
      else toast.error(orderFailure(error, t('orders.new.failed')));
    },
  });

  const submit = handleSubmit(({ requirements }) => {
    if (attachments.uploading) return void toast.error(t('orders.new.uploading'));
    place.mutate(requirements);
  });
  return (
    <form onSubmit={submit} noValidate className="grid items-start gap-6 lg:grid-cols-3">
      <section className={`${cardClass} min-w-0 space-y-5 lg:col-span-2`}>
        <FormField
          id="order-requirements"
          label={t('orders.new.requirements')}
          hint={t('orders.new.requirementsHint')}
          error={errors.requirements?.message}
        >
          <CountedTextarea
            id="order-requirements"
            rows={8}
            length={watch('requirements').length}
            limit={ORDER_LIMITS.requirements}
            invalid={Boolean(errors.requirements)}
            {...register('requirements')}
          />
        </FormField>
        <fieldset>
          <legend className={labelClass}>{t('orders.new.files', { max: ORDER_LIMITS.attachments })}</legend>
          <PendingAttachments attachments={attachments} />
          <AttachButton attachments={attachments} disabled={place.isPending} />
        </fieldset>
      </section>

      <aside className={`${cardClass} space-y-4`} aria-labelledby="order-summary-title">
        <h2 id="order-summary-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('orders.new.summary')}
        </h2>
        <p className="font-medium break-words text-slate-900 dark:text-white">{gig.title}</p>
        <dl className="space-y-2 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-slate-500 dark:text-slate-400">{t('orders.detail.seller')}</dt>
            <dd className="min-w-0 truncate font-medium text-slate-900 dark:text-white">{gig.freelancer.name}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-slate-500 dark:text-slate-400">{t('orders.detail.price')}</dt>
            <dd className="text-lg font-bold text-slate-900 dark:text-white">{formatCurrency(gig.price)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-slate-500 dark:text-slate-400">{t('orders.detail.delivery')}</dt>
            <dd className="font-medium text-slate-900 dark:text-white">{deliveryLabel(gig.deliveryTime)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-slate-500 dark:text-slate-400">{t('orders.detail.revisions')}</dt>
            <dd className="font-medium text-slate-900 dark:text-white">{ORDER_LIMITS.defaultRevisions}</dd>
          </div>
        </dl>
        <p className="rounded-lg bg-slate-50 p-3 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">{t('orders.payment')}</p>
        <div className="flex flex-col gap-2">
          <button type="submit" className={`${buttonPrimary} w-full`} disabled={place.isPending || attachments.uploading}>
            <ShoppingCart className="h-4 w-4" aria-hidden="true" />
            {place.isPending ? t('orders.new.submitting') : t('orders.new.submit')}
          </button>
          <Link to={`/marketplace/${gigId}`} className={`${buttonSecondary} w-full`}>
            {t('orders.dialog.back')}
          </Link>
        </div>
      </aside>
    </form>
  );
}
