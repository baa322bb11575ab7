import Sparkles from 'lucide-react/icons/sparkles';
import { Link } from 'react-router-dom';
import { buttonSecondary } from '../../shared/ui/classes.ts';

export function ProTip() {
  return (
    <section className="rounded-2xl bg-gradient-to-br from-green-600 to-emerald-800 p-6 text-white shadow-sm">
      <div className="flex items-center gap-2">
        <Sparkles className="h-5 w-5" aria-hidden="true" />
        <h2 className="font-semibold">Pro tip</h2>
      </div>
      <p className="mt-2 text-sm text-green-50">
        Profiles with a bio, skills and social links get noticed by more clients. Take a minute to polish yours.
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to="/profile" className="rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-green-700 hover:bg-green-50">
          Complete Profile
        </Link>
        <Link to="/settings" className={`${buttonSecondary} !border-white/40 !bg-transparent !px-3 !py-1.5 !text-white hover:!bg-white/10`}>
          Settings
        </Link>
      </div>
    </section>
  );
}
