import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { cardClass } from '../../shared/ui/classes.ts';

interface ListCardProps {
  title: string;
  link?: { to: string; label: string };
  children: ReactNode;
}

export function ListCard({ title, link, children }: ListCardProps) {
  return (
    <section className={cardClass} aria-label={title}>
      <div className="mb-4 flex items-center justify-between">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{title}</h2>
        {link && (
          <Link to={link.to} className="text-sm font-medium text-green-700 hover:underline dark:text-green-400">
            {link.label}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}
