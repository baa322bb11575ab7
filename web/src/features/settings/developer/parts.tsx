import type { LucideIcon } from 'lucide-react';
import AlertCircle from 'lucide-react/icons/alert-circle';
import Check from 'lucide-react/icons/check';
import Copy from 'lucide-react/icons/copy';
import KeyRound from 'lucide-react/icons/key-round';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { buttonDanger } from '../../../shared/ui/buttonDanger.ts';
import { buttonPrimary, buttonSecondary, buttonSecondarySmall } from '../../../shared/ui/classes.ts';
import { Modal } from '../../../shared/ui/Modal.tsx';
import { Spinner } from '../../../shared/ui/Spinner.tsx';
import { toast } from '../../../shared/ui/toast.ts';
import { useT } from './locales/index.ts';

/** A list's wait: a spinner and what is being read, announced politely. */
export function Loading({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="flex items-center gap-3 py-6 text-sm text-slate-500 dark:text-slate-400">
      <Spinner />
      {label}
    </div>
  );
}

/** A list that could not be read: why, and a button to read it again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 sm:flex-row sm:items-center sm:justify-between dark:border-red-900 dark:bg-red-950 dark:text-red-200"
    >
      <span className="flex items-center gap-2">
        <AlertCircle className="h-4 w-4 shrink-0" aria-hidden="true" />
        {message}
      </span>
      <button type="button" className={buttonSecondarySmall} onClick={onRetry}>
        <RotateCw className="h-4 w-4" aria-hidden="true" />
        {t('developer.retry')}
      </button>
    </div>
  );
}

/** An empty list: its icon, a title and what to do first. */
export function Empty({ icon: Icon, title, body }: { icon: LucideIcon; title: string; body: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center dark:border-slate-700">
      <Icon className="h-8 w-8 text-slate-400 dark:text-slate-500" aria-hidden="true" />
      <p className="font-semibold text-slate-800 dark:text-slate-200">{title}</p>
      <p className="max-w-sm text-sm text-slate-600 dark:text-slate-400">{body}</p>
    </div>
  );
}

/**
 * A secret shown this once (a token's, a webhook's signing secret): in a field to select, a Copy
 * button, and the warning that it will not be shown again. Stays until the person dismisses it.
 */
export function SecretPanel({ title, secret, use, onDone }: { title: string; secret: string; use: string; onDone: () => void }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  // Where the keyboard and a screen reader are taken when it appears: the secret, selected to copy.
  useEffect(() => field.current?.focus(), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      toast.success(t('developer.secret.copied'));
    } catch {
      toast.error(t('developer.secret.copyFailed'));
    }
  };
  return (
    <section
      aria-label={title}
      className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950/40"
    >
      <h4 className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
        <KeyRound className="h-4 w-4 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden="true" />
        {title}
      </h4>
      <p className="text-sm font-semibold text-amber-900 dark:text-amber-200" role="status">
        {t('developer.secret.once')}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label className="sr-only" htmlFor={fieldId}>
          {t('developer.secret.label')}
        </label>
        <input
          id={fieldId}
          ref={field}
          readOnly
          value={secret}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full min-w-0 rounded-lg border border-amber-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 dark:border-amber-800 dark:bg-slate-950 dark:text-slate-100"
        />
        <button type="button" className={buttonPrimary} onClick={() => void copy()}>
          {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
          {t('developer.secret.copy')}
        </button>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">{use}</p>
      <button type="button" className={buttonSecondarySmall} onClick={onDone}>
        {t('developer.secret.done')}
      </button>
    </section>
  );
}

interface ConfirmProps {
  open: boolean;
  title: string;
  text: string;
  action: string;
  busyAction: string;
  icon: LucideIcon;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** A destructive action's confirmation (Revoke, Delete): Cancel first, the action in red. */
export function ConfirmDialog({ open, title, text, action, busyAction, icon: Icon, onConfirm, onClose }: ConfirmProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const close = () => {
    if (!busy) onClose();
  };
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={title} onClose={close}>
      <p className="text-sm text-slate-600 dark:text-slate-300">{text}</p>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={buttonSecondary} onClick={close} disabled={busy}>
          {t('developer.cancel')}
        </button>
        <button type="button" className={buttonDanger} onClick={() => void confirm()} disabled={busy}>
          <Icon className="h-4 w-4" aria-hidden="true" />
          {busy ? busyAction : action}
        </button>
      </div>
    </Modal>
  );
}

/** A section of the tab: its heading, a line on what it is, an action at the right, then its body. */
export function Section({
  id,
  icon: Icon,
  title,
  lead,
  action,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  lead: string;
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h3 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
            <Icon className="h-5 w-5 text-green-700 dark:text-green-400" aria-hidden="true" />
            {title}
          </h3>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{lead}</p>
        </div>
        <div className="shrink-0">{action}</div>
      </div>
      {children}
    </section>
  );
}
