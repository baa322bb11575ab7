import X from 'lucide-react/icons/x';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useT } from '../locales/index.ts';

interface ModalProps {
  open: boolean;
  title: string;
  description?: string;
  onClose: () => void;
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab from the last control goes to the first, Shift+Tab from the first to the last: the page behind is out of reach. */
function keepFocusInside(panel: HTMLElement, event: KeyboardEvent) {
  const controls = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.checkVisibility());
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  const outside = !(active instanceof Node && panel.contains(active));
  if (event.shiftKey ? active === first || outside : active === last || outside) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}

/** A centred dialog over a dimmed page that keeps the focus. Escape and the close button call `onClose`. */
export function Modal({ open, title, description, onClose, children }: ModalProps) {
  const titleId = useId();
  const t = useT();
  const panelRef = useRef<HTMLDivElement>(null);
  // Read when Escape is pressed: a parent's render gives a new `onClose`, and were it a dependency of
  // the effect below, each render would run it again and move the focus back to the first field.
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  // Once per opening: the focus goes to the first field, and back where it was when the dialog closes.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current();
      if (event.key === 'Tab' && panelRef.current) keepFocusInside(panelRef.current, event);
    };
    document.addEventListener('keydown', onKey);
    const previous = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const first =
      panel?.querySelector<HTMLElement>('input:not([readonly]), textarea, select') ?? panel?.querySelector<HTMLElement>('button');
    first?.focus();
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <div className="absolute inset-0 bg-slate-900/60 backdrop-blur-sm" aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="relative max-h-[90vh] w-full max-w-md overflow-y-auto rounded-2xl bg-white p-6 shadow-xl dark:bg-slate-900"
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="text-xl font-bold text-slate-900 dark:text-white">
              {title}
            </h2>
            {description && <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{description}</p>}
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('shared.modal.close')}
            className="rounded-lg p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700 dark:text-slate-400 dark:hover:bg-slate-800"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
