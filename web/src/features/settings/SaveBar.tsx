import Save from 'lucide-react/icons/save';
import { buttonPrimary } from '../../shared/ui/classes.ts';
import { useT } from './locales/index.ts';

/** The submit button at the foot of a settings tab. */
export function SaveBar({ saving }: { saving: boolean }) {
  const t = useT();
  return (
    <div className="flex justify-end border-t border-slate-200 pt-4 dark:border-slate-800">
      <button type="submit" className={buttonPrimary} disabled={saving}>
        <Save className="h-4 w-4" aria-hidden="true" />
        {t(saving ? 'settings.saving' : 'settings.save')}
      </button>
    </div>
  );
}
