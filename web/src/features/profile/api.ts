import { identityRoutes, type UpdateUserRequest, type User } from '@commonwork/contracts';
import { call, type ResponseOf, type SessionUser } from '../../shared/api/index.ts';

/** PUT /api/users/{id}: updates the signed-in user's own profile, preferences or contact fields. */
export function updateUser(id: string, body: UpdateUserRequest): Promise<ResponseOf<typeof identityRoutes.updateUser>> {
  return call(identityRoutes.updateUser, { params: { id }, body });
}

/** The stored user after an update: the server's fields over the old ones, keeping our access token. */
export function mergeUser(current: SessionUser, updated: Partial<User>): SessionUser {
  return { ...current, ...updated, token: current.token };
}
