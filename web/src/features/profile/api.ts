import type { UpdateUserRequest, User } from '@commonwork/contracts';
import { apiRequest, type SessionUser } from '../../shared/api/index.ts';

/** PUT /api/users/{id}: updates the signed-in user's own profile, preferences or contact fields. */
export function updateUser(id: string, body: UpdateUserRequest): Promise<{ success: boolean; user: User }> {
  return apiRequest<{ success: boolean; user: User }>(`/api/users/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

/** The stored user after an update: the server's fields over the old ones, keeping our access token. */
export function mergeUser(current: SessionUser, updated: Partial<User>): SessionUser {
  return { ...current, ...updated, token: current.token };
}
