import { DRAFT_DATA_MAX_BYTES, DRAFT_TITLE_MAX, EventInput, GigInput } from '@commonwork/contracts';
import { describe, expect, it } from 'vitest';
import { emptyEventForm, toEventBody } from '../events/eventForm.ts';
import { EMPTY_GIG_FORM } from '../marketplace/gigForm.ts';
import { draftRefusal } from './draftRules.ts';

describe('what a form needs to be kept as a draft', () => {
  it('is a title only: a half-filled gig or event form that would not publish is kept', () => {
    const gig = { ...EMPTY_GIG_FORM, title: 'I will design your logo' };
    expect(GigInput.safeParse(gig).success).toBe(false);
    expect(draftRefusal(gig)).toBeNull();

    const event = { ...emptyEventForm('UTC'), title: 'Graph databases night' };
    expect(EventInput.safeParse(toEventBody(event, 'published')).success).toBe(false);
    expect(draftRefusal(event)).toBeNull();
  });

  it("refuses a form without a title with the spec's words (spec 001 §5)", () => {
    expect(draftRefusal(EMPTY_GIG_FORM)).toBe('Please enter a title to save as draft');
    expect(draftRefusal({ ...EMPTY_GIG_FORM, title: '   ', description: 'Words but no title' })).toBe(
      'Please enter a title to save as draft',
    );
  });

  it("keeps to the draft's own limits: the title's length and the form's size", () => {
    expect(draftRefusal({ title: 'x'.repeat(DRAFT_TITLE_MAX) })).toBeNull();
    expect(draftRefusal({ title: 'x'.repeat(DRAFT_TITLE_MAX + 1) })).toBe(`Title must be at most ${DRAFT_TITLE_MAX} characters`);
    expect(draftRefusal({ title: 'Long', description: 'x'.repeat(DRAFT_DATA_MAX_BYTES) })).toBe('Draft is too large to save');
  });
});
