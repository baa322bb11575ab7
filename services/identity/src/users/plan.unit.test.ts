import { deciderSpec } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import { UserNotFound, userDecider } from './decide.ts';
import type { UserEvent } from './user.ts';

const userId = '6d1f3c1e-2b1a-4c1e-9f1e-1a2b3c4d5e6f';
const adminId = '0f0e0d0c-0b0a-4900-8800-000000000001';
const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId,
    subject: 'dev:abc',
    email: 'ada@example.com',
    name: 'Ada',
    picture: '',
    role: 'user',
    card: { userId, name: 'Ada', username: null, picture: '', title: '', location: '', skills: [] },
  },
};
const premium: UserEvent = { type: 'UserPlanChanged', data: { userId, plan: 'premium', changedBy: adminId } };
const spec = deciderSpec(userDecider);

describe('a person’s plan', () => {
  it('changes from the free basic plan everyone starts on', () => {
    spec.given(registered).when({ type: 'ChangePlan', plan: 'premium', changedBy: adminId }).then(premium);
  });

  it('records nothing when the plan is already the one asked for', () => {
    spec.given(registered).when({ type: 'ChangePlan', plan: 'basic', changedBy: adminId }).then();
    spec.given(registered, premium).when({ type: 'ChangePlan', plan: 'premium', changedBy: adminId }).then();
  });

  it('goes back to basic', () => {
    spec
      .given(registered, premium)
      .when({ type: 'ChangePlan', plan: 'basic', changedBy: adminId })
      .then({ type: 'UserPlanChanged', data: { userId, plan: 'basic', changedBy: adminId } });
  });

  it('needs a person', () => {
    spec.given().when({ type: 'ChangePlan', plan: 'premium', changedBy: adminId }).thenThrows(UserNotFound);
  });
});
