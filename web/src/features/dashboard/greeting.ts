/** 'Good morning' before 12:00, 'Good afternoon' before 18:00, otherwise 'Good evening' (spec 000 §2). */
export function greetingFor(date: Date): string {
  const hour = date.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** The first word of a name, for a friendly greeting; '' when there is no name. */
export function firstNameOf(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/)[0] ?? '';
}
