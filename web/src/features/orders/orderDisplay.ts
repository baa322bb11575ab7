import { ORDER_LIMITS, type Order, type OrderActor, type OrderStatus, type OrderStep, type OrderSummary } from '@commonwork/contracts';
import { differenceInMinutes, formatDuration } from 'date-fns';
import { dateLocale } from '../../shared/i18n/index.ts';
import { t } from './locales/index.ts';

type OrderMessage = Parameters<typeof t>[0];

const STATUS_LABELS: Record<OrderStatus, OrderMessage> = {
  pending: 'orders.status.pending',
  in_progress: 'orders.status.in_progress',
  delivered: 'orders.status.delivered',
  completed: 'orders.status.completed',
  declined: 'orders.status.declined',
  cancelled: 'orders.status.cancelled',
};

/** A status as people read it, in the language shown. */
export const statusLabel = (status: OrderStatus): string => t(STATUS_LABELS[status]);

/** A status badge's colours in both themes: waiting amber, moving blue, delivered violet, done green, ended grey. */
export const STATUS_TONES: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  in_progress: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  delivered: 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200',
  completed: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  declined: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  cancelled: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
};

/** The person on the other side of the reader's order (an admin reads it as the buyer's counterpart: the seller). */
export const otherParty = (order: Pick<OrderSummary, 'role' | 'buyer' | 'seller'>) =>
  order.role === 'seller' ? order.buyer : order.seller;

/** Who took a step, by name: one of the two sides, an admin, or the platform's clock. */
export function actorName(order: Pick<Order, 'buyer' | 'seller'>, actor: OrderActor): string {
  if (actor === 'buyer') return order.buyer.name;
  if (actor === 'seller') return order.seller.name;
  return t(actor === 'admin' ? 'orders.who.admin' : 'orders.who.system');
}

/** A timeline line's sentence: 'Ada delivered the order'; an unanswered delivery completed by the clock says so. */
export function stepSentence(step: Pick<OrderStep, 'type' | 'by'>, order: Pick<Order, 'buyer' | 'seller'>): string {
  if (step.type === 'completed' && step.by === 'system') return t('orders.step.completedBySystem', { days: ORDER_LIMITS.autoCompleteDays });
  return t(`orders.step.${step.type}`, { who: actorName(order, step.by) });
}

/**
 * The time between now and `target` as people say it, in the language shown (date-fns' words):
 * days and hours, else hours and minutes, else minutes; under a minute, 'less than a minute'.
 */
export function durationText(target: Date | string, now: Date): string {
  const minutes = Math.abs(differenceInMinutes(new Date(target), now));
  if (minutes < 1) return t('orders.time.lessThanMinute');
  const days = Math.floor(minutes / 1_440);
  const hours = Math.floor((minutes % 1_440) / 60);
  const duration = days > 0 ? { days, hours } : hours > 0 ? { hours, minutes: minutes % 60 } : { minutes };
  const locale = dateLocale();
  return formatDuration(duration, locale ? { locale } : {});
}

/** Whether `dueAt` has passed: the server marks a late order too, the clock shows it between two fetches. */
export const isPastDue = (dueAt: string | null, now: Date) => dueAt !== null && new Date(dueAt).getTime() <= now.getTime();

/** 'Due in 2 days 4 hours', or 'Late by 3 hours' once the due date has passed. */
export function dueText(dueAt: string, now: Date): string {
  const time = durationText(dueAt, now);
  return isPastDue(dueAt, now) ? t('orders.time.lateBy', { time }) : t('orders.time.dueIn', { time });
}

/** The time left before an unanswered delivery completes by itself. */
export function autoCompleteText(at: string, now: Date): string {
  return new Date(at).getTime() <= now.getTime()
    ? t('orders.time.autoCompletesSoon')
    : t('orders.time.autoCompletes', { time: durationText(at, now) });
}

/** Whether the order is still running, so its due date matters. */
export const isOpen = (status: OrderStatus) => status === 'pending' || status === 'in_progress' || status === 'delivered';

/** Revisions the buyer may still ask for. */
export const revisionsLeft = (order: Pick<Order, 'revisionsAllowed' | 'revisionsUsed'>) =>
  Math.max(0, order.revisionsAllowed - order.revisionsUsed);
