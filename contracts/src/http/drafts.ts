import {
  CreateDraftRequest,
  DraftConflictBody,
  DraftDeletedResponse,
  DraftIdParams,
  DraftListResponse,
  DraftResponse,
  ListDraftsQuery,
  UpdateDraftRequest,
} from '../drafts.ts';
import { ErrorBody } from '../errors.ts';
import { defineRoute } from './route.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 413: ErrorBody };

export const draftsRoutes = {
  create: defineRoute({
    method: 'POST',
    url: '/api/drafts',
    summary: 'Save a new draft of an event or a gig form; with `id`, sent again it answers the draft saved under it (200)',
    auth: 'user',
    scope: 'drafts:write',
    body: CreateDraftRequest,
    // 409 DRAFT_ID_TAKEN: the id is someone else's draft.
    response: { 201: DraftResponse, 200: DraftResponse, ...errors, 409: ErrorBody },
  }),
  list: defineRoute({
    method: 'GET',
    url: '/api/drafts',
    summary: 'Your drafts, the last changed first (optionally one type)',
    auth: 'user',
    scope: 'drafts:write',
    querystring: ListDraftsQuery,
    response: { 200: DraftListResponse, ...errors },
  }),
  get: defineRoute({
    method: 'GET',
    url: '/api/drafts/:id',
    summary: 'One of your drafts, its form data exactly as saved',
    auth: 'user',
    scope: 'drafts:write',
    params: DraftIdParams,
    response: { 200: DraftResponse, ...errors },
  }),
  update: defineRoute({
    method: 'PUT',
    url: '/api/drafts/:id',
    summary: 'Save one of your drafts again; with `version`, refused (409, with the stored draft) when it changed since',
    auth: 'user',
    scope: 'drafts:write',
    params: DraftIdParams,
    body: UpdateDraftRequest,
    response: { 200: DraftResponse, 409: DraftConflictBody, ...errors },
  }),
  remove: defineRoute({
    method: 'DELETE',
    url: '/api/drafts/:id',
    summary: 'Delete one of your drafts',
    auth: 'user',
    scope: 'drafts:write',
    params: DraftIdParams,
    response: { 200: DraftDeletedResponse, ...errors },
  }),
} as const;
