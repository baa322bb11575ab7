import { describe, expect, it } from 'vitest';
import { draftStateOf, formPathOf } from './api.ts';

describe('a draft carried into its form', () => {
  it('is read from the navigation state only when it is a draft being edited', () => {
    const state = { draftData: { title: 'Half done' }, draftId: 'd1', draftVersion: 3, isEditingDraft: true };
    expect(draftStateOf(state)).toEqual(state);
    expect(draftStateOf(null)).toBeNull();
    expect(draftStateOf({ draftData: {}, draftId: 'd1' })).toBeNull();
    expect(draftStateOf({ isEditingDraft: true, draftId: 'd1' })).toBeNull();
  });

  it('opens in the create form of its type', () => {
    expect(formPathOf('event')).toBe('/events/create');
    expect(formPathOf('gig')).toBe('/marketplace/create');
  });
});
