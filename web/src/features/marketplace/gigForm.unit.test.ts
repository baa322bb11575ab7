import { GigInput } from '@commonwork/contracts';
import { describe, expect, it } from 'vitest';
import { descriptionHint, EMPTY_GIG_FORM, firstErrorMessage, type GigFormValues } from './gigForm.ts';
import { moveHighlight, shouldSuggest } from './suggestions.ts';

/** The form's errors as the zod resolver reports them: field → first message. */
function errorsOf(values: GigFormValues): Record<string, { message: string }> {
  const result = GigInput.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, { message: string }> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= { message: issue.message };
  }
  return errors;
}

const valid: GigFormValues = {
  title: 'React landing page',
  description: 'A fast, accessible landing page.',
  category: 'web',
  subCategory: 'frontend',
  price: '150',
  deliveryTime: '7',
  tags: [],
};

describe('gig form rules, in the order of spec 001 §5', () => {
  it.each([
    [{}, 'Title is required'],
    [{ ...valid, title: '   ' }, 'Title is required'],
    [{ ...valid, description: '' }, 'Description is required'],
    [{ ...valid, category: '', subCategory: '' }, 'Category is required'],
    [{ ...valid, subCategory: '' }, 'Sub-category is required'],
    [{ ...valid, price: '' }, 'Valid price is required'],
    [{ ...valid, price: '0' }, 'Valid price is required'],
    [{ ...valid, price: '-3' }, 'Valid price is required'],
  ])('%o fails first with %s', (over, message) => {
    const values = { ...EMPTY_GIG_FORM, ...over };
    expect(firstErrorMessage(errorsOf(values))).toBe(message);
  });

  it('accepts a complete gig, a price under the $5 hint included', () => {
    expect(firstErrorMessage(errorsOf({ ...valid, price: '2.5' }))).toBeNull();
  });

  it('reports the title first even when everything is missing', () => {
    expect(firstErrorMessage({ price: { message: 'Valid price is required' }, title: { message: 'Title is required' } })).toBe(
      'Title is required',
    );
  });
});

describe('descriptionHint', () => {
  it('counts toward 100 characters without enforcing them', () => {
    expect(descriptionHint(42)).toBe('42/100 characters: a good description has at least 100');
    expect(descriptionHint(120)).toBe('120 characters');
  });
});

describe('suggestions', () => {
  it('asks only for more than 2 characters', () => {
    expect(shouldSuggest('re')).toBe(false);
    expect(shouldSuggest('  re  ')).toBe(false);
    expect(shouldSuggest('rea')).toBe(true);
  });

  it('moves the highlight with wrap-around', () => {
    expect(moveHighlight(-1, 'ArrowDown', 3)).toBe(0);
    expect(moveHighlight(2, 'ArrowDown', 3)).toBe(0);
    expect(moveHighlight(-1, 'ArrowUp', 3)).toBe(2);
    expect(moveHighlight(0, 'ArrowUp', 3)).toBe(2);
    expect(moveHighlight(1, 'ArrowUp', 3)).toBe(0);
    expect(moveHighlight(0, 'ArrowDown', 0)).toBe(-1);
  });
});
