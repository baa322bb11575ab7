import type { ChipVerdict } from '../../shared/ui/chips.ts';

/** Adds a skill: trimmed; empty and duplicate (case-insensitive) entries are ignored. */
export function addSkill(skills: readonly string[], raw: string): string[] {
  const skill = raw.trim();
  if (!skill) return [...skills];
  if (skills.some((s) => s.toLowerCase() === skill.toLowerCase())) return [...skills];
  return [...skills, skill];
}

/** The skills editor's rule: every draft is taken in, and a blank or repeated one leaves the list as it was. */
export const acceptSkill = (skills: readonly string[], draft: string): ChipVerdict => ({ chips: addSkill(skills, draft) });

/** Profile links built from the stored usernames (spec 000 §2). */
export const SOCIAL_URLS = {
  github: (username: string) => `https://github.com/${encodeURIComponent(username)}`,
  twitter: (username: string) => `https://twitter.com/${encodeURIComponent(username)}`,
  linkedin: (username: string) => `https://www.linkedin.com/in/${encodeURIComponent(username)}`,
} as const;

/** A website as typed by the user, made absolute so the link leaves the app. */
export function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}
