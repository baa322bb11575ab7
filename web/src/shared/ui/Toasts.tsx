import { TOASTER } from '@commonwork/contracts';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToToasts, toastLibrary, toastsRaised } from './toast.ts';

const Toaster = lazy(() => toastLibrary().then(({ Toaster }) => ({ default: Toaster })));

/**
 * Where toasts show (spec 000 §9: at most 20, top-center, gutter 8, 4 s for blank/error/custom, 2 s
 * for success, loading until dismissed, 1 s removal delay; the 20-toast cap is react-hot-toast's
 * built-in limit). Mounted with the first toast raised (toast.ts); toasts raised before it mounts
 * wait in react-hot-toast's store.
 */
export function Toasts() {
  const raised = useSyncExternalStore(subscribeToToasts, toastsRaised, () => false);
  if (!raised) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position={TOASTER.position}
        gutter={TOASTER.gutter}
        toastOptions={{
          duration: TOASTER.durations.blank,
          removeDelay: TOASTER.removeDelayMs,
          className: 'dark:!bg-slate-800 dark:!text-slate-100',
          success: { duration: TOASTER.durations.success },
          error: { duration: TOASTER.durations.error },
          custom: { duration: TOASTER.durations.custom },
          loading: { duration: TOASTER.durations.loading },
        }}
      />
    </Suspense>
  );
}
