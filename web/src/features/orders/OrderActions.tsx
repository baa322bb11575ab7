import type { Order } from '@commonwork/contracts';
import { lazy, Suspense, useState } from 'react';
import { buttonPrimary, buttonSecondary } from '../../shared/ui/classes.ts';
import { useT } from './locales/index.ts';
import { formOf, type StepAction, type StepTone, stepActionsOf, toneOf } from './orderActions.ts';
import { useOrderStep } from './useOrderStep.ts';

// A step that ends the order is marked red, not filled: it sits beside the step that moves it on.
const BUTTONS: Record<StepTone, string> = {
  primary: buttonPrimary,
  secondary: buttonSecondary,
  danger: buttonSecondary.replace('text-slate-700', 'text-red-700').replace('dark:text-slate-100', 'dark:text-red-400'),
};

// The dialogs' forms (zod, the form library, the uploads) load when one first opens: the order's
// page is read far more often than a step is taken, and stays within its budget (web/build).
const StepDialog = lazy(() => import('./StepDialog.tsx').then((module) => ({ default: module.StepDialog })));

type AskingAction = Exclude<StepAction, 'accept' | 'refuseCancel' | 'withdrawCancel' | 'resumeOrder'>;
const asks = (action: StepAction): action is AskingAction => formOf(action) !== 'now';

/**
 * The steps the server offers the reader now (`order.actions`), and nothing else: a step that asks
 * nothing is sent at once, the others open their dialog. Every button waits while a step is on its way.
 */
export function OrderActions({ order }: { order: Order }) {
  const t = useT();
  const [asking, setAsking] = useState<AskingAction | null>(null);
  const step = useOrderStep(order, () => setAsking(null));
  const actions = stepActionsOf(order.actions);
  // A review or an answer offered is the reviews' part of the page, further down.
  if (actions.length === 0)
    return order.actions.length > 0 ? null : <p className="text-sm text-slate-600 dark:text-slate-400">{t('orders.detail.noActions')}</p>;

  const open = (action: StepAction) => {
    step.reset();
    if (asks(action)) setAsking(action);
    else step.run(action);
  };
  return (
    <>
      <div className="flex flex-col gap-2">
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            className={`${BUTTONS[toneOf(action)]} w-full`}
            disabled={step.pending !== null}
            aria-busy={step.pending === action}
            onClick={() => open(action)}
          >
            {step.pending === action && !asking ? t('orders.action.working') : t(`orders.action.${action}`)}
          </button>
        ))}
      </div>
      {asking && (
        <Suspense fallback={null}>
          <StepDialog
            action={asking}
            order={order}
            pending={step.pending !== null}
            error={step.error}
            onSubmit={(input) => step.run(asking, input)}
            onClose={() => setAsking(null)}
          />
        </Suspense>
      )}
    </>
  );
}
