import { type EventInput, eventsRoutes, type ListEventsQuery } from '@commonwork/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { call, isApiError } from '../../shared/api/index.ts';

/** Every events query starts with this key: a save, delete or registration invalidates them all. */
export const EVENTS_KEY = ['events'] as const;
export const invalidateEvents = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: EVENTS_KEY });

/** GET /api/events, one numbered page; the signed-in user is in the key (their seats are in the answer). */
export function useEventListing(query: Partial<ListEventsQuery>, userId: string | null) {
  return useQuery({
    queryKey: [...EVENTS_KEY, 'list', query, userId],
    queryFn: ({ signal }) => call(eventsRoutes.listEvents, { query, signal }).then((body) => body.data),
    placeholderData: (previous) => previous,
  });
}

/** A missing event (404) or a malformed id (400) is "not found"; trying again will not change that. */
export const isEventNotFound = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 400);

/** GET /api/events/:id. */
export function useEvent(id: string | undefined, userId: string | null) {
  return useQuery({
    queryKey: [...EVENTS_KEY, 'detail', id, userId],
    queryFn: ({ signal }) => call(eventsRoutes.getEvent, { params: { id: id ?? '' }, signal }).then((body) => body.data),
    enabled: Boolean(id),
    retry: (failures, error) => !isEventNotFound(error) && failures < 1,
  });
}

export const createEvent = (body: EventInput) => call(eventsRoutes.createEvent, { body });
export const updateEvent = (id: string, body: EventInput) => call(eventsRoutes.updateEvent, { params: { id }, body });
export const deleteEvent = (id: string) => call(eventsRoutes.deleteEvent, { params: { id } });
export const register = (id: string) => call(eventsRoutes.register, { params: { id } });
export const cancelRegistration = (id: string) => call(eventsRoutes.cancelRegistration, { params: { id } });
/** The calendar entry's address, for a download link. */
export const calendarUrl = (id: string) => eventsRoutes.calendar.url.replace(':id', encodeURIComponent(id));
