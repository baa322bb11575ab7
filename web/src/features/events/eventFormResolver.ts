import { EventInput } from '@commonwork/contracts';
import { toNestErrors } from '@hookform/resolvers';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { type EventFormValues, toEventBody } from './eventForm.ts';

/** A rule's field in the form: a requirement's error sits on its text input. */
const formPathOf = (path: PropertyKey[]) => {
  const field = path.map(String).join('.');
  return /^requirements\.\d+$/.test(field) ? `${field}.text` : field;
};

/**
 * The contracts' rules are the form's (spec 001 §5): the values become the request body, which the
 * shared schema checks; each refusal lands on its field with the server's own words.
 */
export const eventFormResolver: Resolver<EventFormValues> = async (values, _context, options) => {
  const result = EventInput.safeParse(toEventBody(values, 'published'));
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = formPathOf(issue.path);
    errors[path] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: toNestErrors(errors, options) };
};
