import type { Order, OrderStepType } from '@commonwork/contracts';
import type { LucideIcon } from 'lucide-react';
import AlarmClock from 'lucide-react/icons/alarm-clock';
import Ban from 'lucide-react/icons/ban';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import Handshake from 'lucide-react/icons/handshake';
import PackageCheck from 'lucide-react/icons/package-check';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import Scale from 'lucide-react/icons/scale';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import Undo2 from 'lucide-react/icons/undo-2';
import { MessageAttachments } from '../../shared/conversation/attachments/MessageAttachments.tsx';
import { formatDate } from '../../shared/format/dates.ts';
import { formatRelativeTimeShort } from '../../shared/format/index.ts';
import { useT } from './locales/index.ts';
import { stepSentence } from './orderDisplay.ts';

const ICONS: Record<OrderStepType, LucideIcon> = {
  placed: ShoppingCart,
  accepted: Handshake,
  declined: CircleX,
  delivered: PackageCheck,
  revision_requested: RotateCcw,
  completed: CircleCheck,
  cancellation_requested: Ban,
  cancellation_refused: Scale,
  cancellation_withdrawn: Undo2,
  cancelled: Ban,
  late: AlarmClock,
};

/** The order's steps, oldest first: who, when, what they wrote (a reason, a delivery's message) and their files. */
export function OrderTimeline({ order, now }: { order: Order; now: Date | null }) {
  const t = useT();
  return (
    <ol aria-label={t('orders.detail.timeline')} className="space-y-5">
      {order.steps.map((step) => {
        const Icon = ICONS[step.type];
        return (
          <li key={`${step.at}-${step.type}`} className="relative flex gap-3">
            <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
              <Icon className="h-4 w-4" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900 dark:text-white">{stepSentence(step, order)}</p>
              <time
                dateTime={step.at}
                title={formatDate(step.at, 'MMM d, yyyy, h:mm a', 'PPp')}
                className="text-xs text-slate-500 dark:text-slate-400"
              >
                {now ? formatRelativeTimeShort(step.at, now) : formatDate(step.at, 'MMM d, yyyy', 'PP')}
              </time>
              {step.text && (
                <p className="mt-2 whitespace-pre-line break-words rounded-lg bg-slate-50 p-3 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-200">
                  {step.text}
                </p>
              )}
              <MessageAttachments attachments={step.attachments} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}
