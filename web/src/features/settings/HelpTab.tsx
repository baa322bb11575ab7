import LifeBuoy from 'lucide-react/icons/life-buoy';
import { buttonPrimary } from '../../shared/ui/classes.ts';
import { SUPPORT_EMAIL } from '../landing/content.ts';
import { Faq } from '../landing/Faq.tsx';

const HELP_FAQ = [
  {
    question: 'How do I change what others can see about me?',
    answer:
      'Open the Privacy tab: choose public or private profile visibility, and whether your email and phone are shown and your profile appears in search.',
  },
  {
    question: 'How do I stop email or push notifications?',
    answer: 'Open the Notifications tab, switch off the alerts you do not want, and save.',
  },
  {
    question: 'Can I change the email address of my account?',
    answer:
      'Your email comes from the account you sign in with, so it cannot be edited here. Sign in with a different account to use another address.',
  },
];

/** Three FAQ entries and a Contact Support button (an email to support). */
export function HelpTab() {
  return (
    <div className="space-y-6">
      <Faq entries={HELP_FAQ} />
      <div className="flex flex-col items-start gap-3 rounded-xl bg-green-50 p-5 sm:flex-row sm:items-center sm:justify-between dark:bg-green-950/40">
        <div>
          <p className="font-semibold text-slate-900 dark:text-white">Need more help?</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">Our support team answers by email.</p>
        </div>
        <a href={`mailto:${SUPPORT_EMAIL}`} className={buttonPrimary}>
          <LifeBuoy className="h-4 w-4" aria-hidden="true" />
          Contact Support
        </a>
      </div>
    </div>
  );
}
