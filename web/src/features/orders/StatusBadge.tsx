import type { OrderStatus } from '@commonwork/contracts';
import AlarmClock from 'lucide-react/icons/alarm-clock';
import { useT } from './locales/index.ts';
import { STATUS_TONES, statusLabel } from './orderDisplay.ts';

const badge = 'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';

/** An order's status, and 'Late' beside it when its due date has passed while it runs. */
export function StatusBadge({ status, late }: { status: OrderStatus; late: boolean }) {
  const t = useT();
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className={`${badge} ${STATUS_TONES[status]}`}>{statusLabel(status)}</span>
      {late && (
        <span className={`${badge} bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200`}>
          <AlarmClock className="h-3.5 w-3.5" aria-hidden="true" />
          {t('orders.late')}
        </span>
      )}
    </span>
  );
}
