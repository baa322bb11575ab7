import { identityRoutes } from '@commonwork/contracts';
import { buildUser, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue 13, finding 7: 20 PUTs of 1.1 MB gave 16 × 413, 2 × 500 and 2 with no answer (EPIPE in the proxy).
describe('bodies bigger than a service reads, through the gateway', () => {
  let p: TestPlatform;
  let ada: Awaited<ReturnType<typeof buildUser>>;

  beforeAll(async () => {
    p = await startTestPlatform();
    ada = await buildUser(p, 'Ada Verbose');
  });
  afterAll(() => p?.stop());

  it('are all answered 413 with our error body, and change nothing', async () => {
    const body = { bio: 'x'.repeat(1_100_000) };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        p.api.send(identityRoutes.updateUser, { params: { id: ada.id }, token: ada.token, body, signal: AbortSignal.timeout(20_000) }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(413));
    expect(new Set(answers.map((a) => a.body.error))).toEqual(new Set(['BODY_TOO_LARGE']));
    expect((await p.api.call(identityRoutes.userById, { params: { id: ada.id }, token: ada.token })).user.bio).toBe('I build things.');
  });
});
