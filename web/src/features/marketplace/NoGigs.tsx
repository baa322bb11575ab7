import Filter from 'lucide-react/icons/filter';
import Plus from 'lucide-react/icons/plus';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonPrimary } from '../../shared/ui/classes.ts';
import { useT } from './browse/locales/index.ts';

interface NoGigsProps {
  title: string;
  hint: string;
  /** In place of the funnel (the empty Favourites list shows a heart). */
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  /** In place of Create Gig (the empty Favourites list's way back to every gig). */
  action?: ReactNode;
}

/** The empty state of the listing (spec 001 §2). */
export function NoGigs({ title, hint, icon: Icon = Filter, action }: NoGigsProps) {
  const t = useT();
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center dark:border-slate-700 dark:bg-slate-900">
      <Icon className="h-10 w-10 text-slate-400" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">{title}</h2>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{hint}</p>
      {action ?? (
        <Link to="/marketplace/create" className={`${buttonPrimary} mt-5`}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {t('marketplace.createGig')}
        </Link>
      )}
    </div>
  );
}
