import TrendingUp from 'lucide-react/icons/trending-up';
import { cardClass } from '../../shared/ui/classes.ts';
import { useT } from './browse/locales/index.ts';

// Spec 001 §2's static list. Skill names, searched as written: the same in every language, like the
// gigs' own tags they find (so they are data, not a catalog's words).
import TRENDING_SKILLS from './trendingSkills.json';

/** The static Trending Skills list; choosing one searches for it. */
export function TrendingSkills({ active, onPick }: { active: string; onPick: (skill: string) => void }) {
  const t = useT();
  return (
    <section className={cardClass} aria-labelledby="trending-skills-title">
      <h2 id="trending-skills-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
        <TrendingUp className="h-5 w-5 text-green-600" aria-hidden="true" />
        {t('marketplace.trending.title')}
      </h2>
      <ul className="mt-4 flex flex-wrap gap-2">
        {TRENDING_SKILLS.map((skill) => {
          const pressed = active.trim().toLowerCase() === skill.toLowerCase();
          return (
            <li key={skill}>
              <button
                type="button"
                aria-pressed={pressed}
                onClick={() => onPick(skill)}
                className={`rounded-full px-3 py-1 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-green-600 ${
                  pressed
                    ? 'bg-green-700 text-white'
                    : 'bg-slate-100 text-slate-700 hover:bg-green-100 hover:text-green-800 dark:bg-slate-800 dark:text-slate-300 dark:hover:bg-green-950 dark:hover:text-green-300'
                }`}
              >
                {skill}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
