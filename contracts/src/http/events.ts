import { z } from 'zod';
import { ErrorBody } from '../errors.ts';
import {
  EventIdParams,
  EventInput,
  EventListResponse,
  EventMessageResponse,
  EventResponse,
  ListEventsQuery,
  RsvpResponse,
  UpcomingEventsQuery,
  UpcomingEventsResponse,
} from '../techEvents.ts';
import { defineRoute } from './route.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const eventsRoutes = {
  listEvents: defineRoute({
    method: 'GET',
    url: '/api/events',
    summary: 'Published events (and your own drafts with mine=true), searched and filtered, 12 a page',
    auth: 'optional',
    querystring: ListEventsQuery,
    response: { 200: EventListResponse, ...errors },
  }),
  upcoming: defineRoute({
    method: 'GET',
    url: '/api/events/upcoming',
    summary: 'Published events that have not ended, soonest first',
    auth: 'optional',
    querystring: UpcomingEventsQuery,
    response: { 200: UpcomingEventsResponse, ...errors },
  }),
  getEvent: defineRoute({
    method: 'GET',
    url: '/api/events/:id',
    summary: 'One event (a draft only for its organiser); the meeting link only for attendees and the organiser',
    auth: 'optional',
    params: EventIdParams,
    response: { 200: EventResponse, ...errors },
  }),
  calendar: defineRoute({
    method: 'GET',
    url: '/api/events/:id/ics',
    summary: 'The event as an iCalendar (RFC 5545) entry in its time zone',
    auth: 'optional',
    params: EventIdParams,
    produces: 'text/calendar',
    response: { 200: z.string(), ...errors },
  }),
  createEvent: defineRoute({
    method: 'POST',
    url: '/api/events',
    summary: 'Create an event as a draft or published',
    auth: 'user',
    body: EventInput,
    response: { 201: EventResponse, ...errors },
  }),
  updateEvent: defineRoute({
    method: 'PUT',
    url: '/api/events/:id',
    summary: 'Update your event',
    auth: 'user',
    params: EventIdParams,
    body: EventInput,
    response: { 200: EventResponse, ...errors },
  }),
  deleteEvent: defineRoute({
    method: 'DELETE',
    url: '/api/events/:id',
    summary: 'Delete your event',
    auth: 'user',
    params: EventIdParams,
    response: { 200: EventMessageResponse, ...errors },
  }),
  register: defineRoute({
    method: 'POST',
    url: '/api/events/:id/rsvp',
    summary: 'Take a seat at a published event (once; never the organiser, never when full or ended)',
    auth: 'user',
    params: EventIdParams,
    response: { 200: RsvpResponse, ...errors },
  }),
  cancelRegistration: defineRoute({
    method: 'DELETE',
    url: '/api/events/:id/rsvp',
    summary: 'Give up your seat',
    auth: 'user',
    params: EventIdParams,
    response: { 200: RsvpResponse, ...errors },
  }),
} as const;
