import { EVENT_MESSAGES } from '@commonwork/contracts';

/** The events screens' words (spec 001 §2, §4, §8), word for word. */
export const EVENT_TEXT = {
  ...EVENT_MESSAGES,
  listing: {
    searchPlaceholder: 'Search for events...',
    loadFailed: 'Failed to load events',
    empty: 'No events found',
    emptyHint: 'Try other filters or search words, or create the first one.',
  },
  delete: {
    confirm: (title: string) => `Are you sure you want to delete "${title}"? This action cannot be undone.`,
    confirmGeneric: 'Are you sure you want to delete this event? This action cannot be undone.',
    success: EVENT_MESSAGES.deleted,
    failed: 'Failed to delete event',
    loginRequired: 'Please log in to delete events',
  },
  form: {
    loadFailed: 'Failed to load event data',
    saveFailed: 'Error saving event',
  },
  detail: {
    loadFailed: 'Failed to load event details',
    registrationFailed: 'Failed to update registration',
    linkCopied: 'Event link copied to clipboard',
    loginToRegisterPanel: 'Please log in to register',
  },
} as const;

/** A create failure's toast: the server's message, with its details appended as the spec's client did. */
export function saveFailureText(message: string, details: readonly { field: string; message: string }[]): string {
  const base = message || EVENT_TEXT.form.saveFailed;
  if (details.length === 0) return base;
  return `${base}. Details: ${details.map((d) => `${d.field}: ${d.message}`).join(', ')}`;
}
