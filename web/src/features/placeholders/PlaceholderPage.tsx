import { Construction } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonSecondary } from '../../shared/ui/classes.ts';

interface PlaceholderPageProps {
  title: string;
  description: string;
}

/** A titled page for an area whose screens are built by a later issue. */
export function PlaceholderPage({ title, description }: PlaceholderPageProps) {
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{title}</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">{description}</p>
      <div className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-slate-300 p-12 text-center dark:border-slate-700">
        <Construction className="h-10 w-10 text-green-600" aria-hidden="true" />
        <p className="mt-3 font-medium text-slate-700 dark:text-slate-300">This area is on its way.</p>
        <Link to="/dashboard" className={`${buttonSecondary} mt-4`}>
          Back to Dashboard
        </Link>
      </div>
    </div>
  );
}
