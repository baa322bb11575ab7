// The event domain's fixed lists, limits and sentences, without zod: screens that only show events
// import these; the schemas stay with the forms and servers that validate.

/** Tech events (spec 001 §3): "TechEvent" in code, so it never reads as a domain event. */
export const EVENT_CATEGORIES = ['workshop', 'conference', 'networking', 'hackathon', 'webinar', 'meetup', 'other'] as const;

export const LOCATION_TYPES = [
  { value: 'online', label: 'Online' },
  { value: 'offline', label: 'In-Person' },
  { value: 'hybrid', label: 'Hybrid' },
] as const;

export const CURRENCIES = ['USD', 'EUR', 'GBP', 'INR'] as const;

export const EVENT_PAGE_SIZE = 12;

export const EVENT_SEARCH_DEBOUNCE_MS = 500;

export const EVENT_TAGS_MAX = 10;

export const EVENT_TITLE_MAX = 100;

export const EVENT_IMAGES_MAX = 1;

export const EVENT_CARD_TAGS = 3;

export const EVENT_AVATARS = 8;

/** Spec 001 §7: free is 0..0, paid 0.01..99999. */
export const EVENT_PRICE_RANGES = { free: { min: 0, max: 0 }, paid: { min: 0.01, max: 99_999 } } as const;

export const EVENT_DATE_FILTERS = ['any', 'today', 'thisWeek', 'thisMonth', 'upcoming'] as const;

/** Messages shared by server and screens (spec 001 §4, §8). */
export const EVENT_MESSAGES = {
  created: 'Event created successfully!',
  updated: 'Event updated successfully!',
  deleted: 'Event deleted successfully',
  registered: 'Successfully registered for event',
  cancelled: 'Registration cancelled successfully',
  notFound: 'Event not found',
  full: 'Event is Full',
  ended: 'Event has ended',
  organizer: 'You are the organizer',
  rsvpClosed: 'Registration for this event has closed',
  notRegistered: 'You are not registered for this event',
  loginToRegister: 'Please log in to register for events',
} as const;
