import { t } from './locales/index.ts';

/** 'Good morning' before 12:00, 'Good afternoon' before 18:00, otherwise 'Good evening' (spec 000 §2). */
export function greetingFor(date: Date): string {
  const hour = date.getHours();
  if (hour < 12) return t('dashboard.greeting.morning');
  if (hour < 18) return t('dashboard.greeting.afternoon');
  return t('dashboard.greeting.evening');
}

/** The dashboard's heading: 'Good morning, Ada!', or 'Good morning!' without a name. */
export function greetingLine(date: Date, firstName: string): string {
  const greeting = greetingFor(date);
  return firstName ? t('dashboard.greeting.named', { greeting, name: firstName }) : t('dashboard.greeting.plain', { greeting });
}

/** The first word of a name, for a friendly greeting; '' when there is no name. */
export function firstNameOf(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/)[0] ?? '';
}
