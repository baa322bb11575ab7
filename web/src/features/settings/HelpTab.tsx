import LifeBuoy from 'lucide-react/icons/life-buoy';
import { buttonPrimary } from '../../shared/ui/classes.ts';
import { SUPPORT_EMAIL } from '../landing/content.ts';
import { Faq } from '../landing/Faq.tsx';
import { useT } from './locales/index.ts';

const HELP_FAQ = [
  { question: 'settings.help.privacy.question', answer: 'settings.help.privacy.answer' },
  { question: 'settings.help.notifications.question', answer: 'settings.help.notifications.answer' },
  { question: 'settings.help.email.question', answer: 'settings.help.email.answer' },
] as const;

/** Three FAQ entries and a Contact Support button (an email to support). */
export function HelpTab() {
  const t = useT();
  return (
    <div className="space-y-6">
      <Faq entries={HELP_FAQ.map(({ question, answer }) => ({ question: t(question), answer: t(answer) }))} />
      <div className="flex flex-col items-start gap-3 rounded-xl bg-green-50 p-5 sm:flex-row sm:items-center sm:justify-between dark:bg-green-950/40">
        <div>
          <p className="font-semibold text-slate-900 dark:text-white">{t('settings.help.more')}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('settings.help.byEmail')}</p>
        </div>
        <a href={`mailto:${SUPPORT_EMAIL}`} className={buttonPrimary}>
          <LifeBuoy className="h-4 w-4" aria-hidden="true" />
          {t('settings.help.contact')}
        </a>
      </div>
    </div>
  );
}
