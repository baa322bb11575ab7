import {
  identityRoutes,
  isUuid,
  marketplaceRoutes,
  TIMINGS,
  type UpdateUserRequest,
  type User,
  UserConflictBody,
} from '@commonwork/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call, currentSession, isApiError, type ResponseOf, type SessionUser } from '../../shared/api/index.ts';
import { useAuth } from '../auth/AuthProvider.tsx';

/** PUT /api/users/{id}: updates the signed-in user's own profile, preferences or contact fields. */
export function updateUser(id: string, body: UpdateUserRequest): Promise<ResponseOf<typeof identityRoutes.updateUser>> {
  return call(identityRoutes.updateUser, { params: { id }, body });
}

/** The stored user after an update: the server's fields over the old ones, keeping our access token. */
export function mergeUser(current: SessionUser, updated: Partial<User>): SessionUser {
  return { ...current, ...updated, token: current.token };
}

/** The profile as stored now, when a save was refused because another tab or device saved first (409). */
export function newerProfileOf(error: unknown): User | null {
  if (!isApiError(error) || error.status !== 409) return null;
  return UserConflictBody.safeParse(error.body).data?.user ?? null;
}

/**
 * Reads the signed-in user from the server when a form of theirs opens (the page, and again when
 * `editing` changes) and stores it over the browser's copy, which another tab or device may have made
 * stale. If the read fails the stored copy stays: a save names the version it was based on, and the
 * server refuses an older one.
 */
export function useFreshUser(id: string, editing = false) {
  const { updateUser: storeUser } = useAuth();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `editing` is when to read again, not a value the read uses
  useEffect(() => {
    const controller = new AbortController();
    call(identityRoutes.userById, { params: { id }, signal: controller.signal }).then(
      ({ user }) => {
        const current = currentSession();
        if (current?.id === id) storeUser(mergeUser(current, user));
      },
      (error: unknown) => {
        if (!controller.signal.aborted) console.warn('Could not read the profile again; editing the stored copy', error);
      },
    );
    return () => controller.abort();
  }, [id, editing, storeUser]);
}

/** Every person's figures (statistics) start with this key, and every profile read by username or id with the next. */
export const STATS_KEY = ['stats'] as const;
export const PERSON_KEY = ['person'] as const;

export const statsKey = (id: string) => [...STATS_KEY, id] as const;

/** GET /api/users/{id}/stats: the person's figures, read again every 5 minutes (spec 000 §4). */
export function useUserStats(id: string) {
  return useQuery({
    queryKey: statsKey(id),
    queryFn: ({ signal }) => call(identityRoutes.userStats, { params: { id }, signal }),
    refetchInterval: TIMINGS.statsAutoRefreshMs,
  });
}

/** POST /api/users/{id}/stats/refresh. */
export const refreshUserStats = (id: string) => call(identityRoutes.refreshUserStats, { params: { id } });

/** Someone's profile by username, or by id (the dashboard's links, spec 000 §2), as they let the caller see it. */
export function usePerson(key: string) {
  return useQuery({
    queryKey: [...PERSON_KEY, key],
    queryFn: ({ signal }) =>
      (isUuid(key)
        ? call(identityRoutes.userById, { params: { id: key }, signal })
        : call(identityRoutes.userByUsername, { params: { username: key }, signal })
      ).then((body) => body.user),
    retry: false,
  });
}

const PERSON_GIGS = 6;

/** A person's active gigs, best rated first: what a visitor can contact them about. */
export function usePersonGigs(freelancer: string | undefined) {
  return useQuery({
    queryKey: ['gigs', 'freelancer', freelancer],
    queryFn: ({ signal }) =>
      call(marketplaceRoutes.listGigs, { query: { freelancer, limit: PERSON_GIGS }, signal }).then((body) => body.gigs),
    enabled: Boolean(freelancer),
  });
}

/** PUT /api/users/{id}/picture: the uploaded image becomes the picture; the server deletes the one it replaces. */
export const updatePicture = (id: string, picture: string, picturePublicId: string) =>
  call(identityRoutes.updatePicture, { params: { id }, body: { picture, picturePublicId } });
