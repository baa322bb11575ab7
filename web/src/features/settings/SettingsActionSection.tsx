import type { ReactNode } from 'react';

/**
 * A section of Settings that leads to one action: a bordered section named by its heading (icon and
 * title), a lead line, the action on the right (below on a phone), then what the action opens or shows.
 */
export function SettingsActionSection({
  id,
  icon,
  title,
  lead,
  action,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  /** Drawn before the title, hidden from assistive technology by the caller (`aria-hidden`). */
  icon: ReactNode;
  title: string;
  lead: string;
  action: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-8 space-y-4 border-t border-slate-200 pt-6 dark:border-slate-800">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h3 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
            {icon}
            {title}
          </h3>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{lead}</p>
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
