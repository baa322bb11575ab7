import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonPrimary } from '../../shared/ui/classes.ts';

interface EmptyStateProps {
  icon: LucideIcon;
  message: string;
  action?: { to: string; label: string };
}

export function EmptyState({ icon: Icon, message, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-200 px-4 py-8 text-center dark:border-slate-700">
      <Icon className="h-8 w-8 text-slate-400" aria-hidden="true" />
      <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{message}</p>
      {action && (
        <Link to={action.to} className={`${buttonPrimary} mt-4`}>
          {action.label}
        </Link>
      )}
    </div>
  );
}
