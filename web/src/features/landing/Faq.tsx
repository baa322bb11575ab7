import ChevronDown from 'lucide-react/icons/chevron-down';
import { useId, useState } from 'react';

/** An accordion with at most one answer open at a time; the entries come translated. */
export function Faq({ entries }: { entries: readonly { question: string; answer: string }[] }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const baseId = useId();

  return (
    <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {entries.map((entry, index) => {
        const open = openIndex === index;
        const panelId = `${baseId}-panel-${index}`;
        const buttonId = `${baseId}-button-${index}`;
        return (
          <li key={entry.question}>
            <h3>
              <button
                id={buttonId}
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenIndex(open ? null : index)}
                className="flex w-full items-center justify-between gap-4 px-6 py-4 text-left font-semibold text-slate-900 hover:text-green-700 dark:text-white dark:hover:text-green-400"
              >
                {entry.question}
                <ChevronDown className={`h-5 w-5 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
              </button>
            </h3>
            <section id={panelId} aria-labelledby={buttonId} hidden={!open} className="px-6 pb-5 text-slate-600 dark:text-slate-400">
              {entry.answer}
            </section>
          </li>
        );
      })}
    </ul>
  );
}
