import type { ToastOptions } from 'react-hot-toast';

type Library = typeof import('react-hot-toast');

// react-hot-toast (and the CSS-in-JS it draws with) loads with the first toast: a visit that raises
// none neither fetches nor runs it, and a pre-rendered page hydrates without it.
let library: Promise<Library> | null = null;
const listeners = new Set<() => void>();

/** The library, loaded on first call; `<Toasts />` mounts its Toaster from then on. */
export function toastLibrary(): Promise<Library> {
  if (!library) {
    library = import('react-hot-toast');
    for (const listener of listeners) listener();
  }
  return library;
}

/** Whether any toast has been raised yet (for React's `useSyncExternalStore`). */
export const toastsRaised = (): boolean => library !== null;

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A message already on screen is replaced, not shown twice: a toast takes its text as its id
 * (react-hot-toast updates a toast whose id it knows). A form passes its own id, so its successive
 * errors replace each other too.
 */
const show =
  (kind: 'blank' | 'error' | 'success') =>
  (message: string, options?: ToastOptions): void => {
    toastLibrary().then(
      ({ default: base }) => {
        const shown = { id: message, ...options };
        if (kind === 'blank') base(message, shown);
        else base[kind](message, shown);
      },
      (error: unknown) => console.error('Could not show the message', message, error),
    );
  };

export const toast = Object.assign(show('blank'), { error: show('error'), success: show('success') });
