import { identityRoutes, PICTURE_MESSAGES } from '@commonwork/contracts';
import { Forbidden, registerRoute, type ServiceContext, writeOrAnswerNewer } from '@commonwork/kit';
import type { VerifiedIdentity } from '../auth/idTokens.ts';
import type { Sessions } from '../sessions/sessions.ts';
import type { IdentityTables } from '../tables.ts';
import { ProfileChangedElsewhere, UserNotFound } from './decide.ts';
import { presentUser } from './present.ts';
import { UsernameTaken, type Users } from './users.ts';

export interface UserRouteDeps {
  users: Users;
  verifyIdToken: (credential: string) => Promise<VerifiedIdentity>;
  sessions: Sessions;
}

export function registerUserRoutes(ctx: ServiceContext<IdentityTables>, deps: UserRouteDeps) {
  const { app, verifier } = ctx;
  const { users } = deps;

  registerRoute(app, verifier, identityRoutes.createUser, async ({ body, request, reply }) => {
    const who = await deps.verifyIdToken(body.credential);
    const { row, isNew } = await users.findOrRegister({ ...who, name: body.name || who.name }, ctx.metadataFor(request, null));
    reply.status(isNew ? 201 : 200);
    return deps.sessions.start(row, isNew, isNew ? 'User created successfully' : 'User already exists');
  });

  registerRoute(app, verifier, identityRoutes.setupUser, async ({ body, caller, request }) => {
    if (await users.usernameTaken(body.username, caller.sub)) throw UsernameTaken();
    const row = await users.change(
      caller.sub,
      { type: 'CompleteProfile', name: body.name, username: body.username, bio: body.bio, picture: body.picture },
      ctx.metadataFor(request, caller.sub),
    );
    // The same session, its token renewed with the completed profile: the sign-up's token would otherwise outlive a sign-out.
    return deps.sessions.renew(caller.sid, row, 'Profile completed successfully');
  });

  registerRoute(app, verifier, identityRoutes.userByUsername, async ({ params, caller }) => {
    const row = await users.byUsername(params.username);
    if (!row) throw UserNotFound();
    return { success: true as const, user: presentUser(row, caller.sub) };
  });

  registerRoute(app, verifier, identityRoutes.userById, async ({ params, caller }) => {
    const row = await users.byId(params.id);
    if (!row) throw UserNotFound();
    return { success: true as const, user: presentUser(row, caller.sub) };
  });

  registerRoute(app, verifier, identityRoutes.updatePicture, async ({ params, body, caller, request }) => {
    if (params.id !== caller.sub) throw Forbidden('You can only change your own picture');
    const row = await users.change(caller.sub, { type: 'UpdateProfile', changes: body }, ctx.metadataFor(request, caller.sub));
    return { success: true as const, message: PICTURE_MESSAGES.updated, user: presentUser(row, caller.sub) };
  });

  registerRoute(app, verifier, identityRoutes.updateUser, async ({ params, body, caller, request, reply }) => {
    if (params.id !== caller.sub) throw Forbidden('You can only update your own profile');
    const { preferences, version: baseVersion, ...changes } = body;
    const write = async () => {
      const command = { type: 'UpdateProfile' as const, changes, preferences, baseVersion };
      const row = await users.change(caller.sub, command, ctx.metadataFor(request, caller.sub));
      return { success: true as const, message: 'Profile updated successfully', user: presentUser(row, caller.sub) };
    };
    // Refused as based on an older version: nothing written, the answer carries the profile as stored now.
    const stored = async () => {
      const row = await users.byId(caller.sub);
      if (!row) throw UserNotFound();
      return presentUser(row, caller.sub);
    };
    return writeOrAnswerNewer(reply, ProfileChangedElsewhere().code, write, { key: 'user', read: stored });
  });
}
