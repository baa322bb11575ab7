import Sparkles from 'lucide-react/icons/sparkles';
import { Link } from 'react-router-dom';
import { buttonSecondary } from '../../shared/ui/classes.ts';
import { useT } from './locales/index.ts';

export function ProTip() {
  const t = useT();
  return (
    <section className="rounded-2xl bg-gradient-to-br from-green-600 to-emerald-800 p-6 text-white shadow-sm">
      <div className="flex items-center gap-2">
        <Sparkles className="h-5 w-5" aria-hidden="true" />
        <h2 className="font-semibold">{t('dashboard.tip.title')}</h2>
      </div>
      <p className="mt-2 text-sm text-green-50">{t('dashboard.tip.text')}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to="/profile" className="rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-green-700 hover:bg-green-50">
          {t('dashboard.tip.profile')}
        </Link>
        <Link to="/settings" className={`${buttonSecondary} !border-white/40 !bg-transparent !px-3 !py-1.5 !text-white hover:!bg-white/10`}>
          {t('dashboard.tip.settings')}
        </Link>
      </div>
    </section>
  );
}
