import { type core, z } from 'zod';

const NUMERIC = new Set(['number', 'int', 'bigint']);

/**
 * A sentence a person can read for a check whose schema gives no message of its own, in place of
 * zod's technical default ("Too small: expected string to have >=8 characters"). Undefined leaves
 * zod's own text (a check no person meets through our screens).
 */
export function sentenceFor(issue: core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'This field is required' : `Must be ${article(String(issue.expected))}`;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? 'This field is required' : `Must be at least ${min} characters`;
      if (NUMERIC.has(String(issue.origin))) return issue.inclusive === false ? `Must be more than ${min}` : `Must be at least ${min}`;
      if (issue.origin === 'array' || issue.origin === 'set') return min <= 1 ? 'Choose at least one' : `Choose at least ${min}`;
      return undefined;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `Must be at most ${max} characters`;
      if (NUMERIC.has(String(issue.origin))) return issue.inclusive === false ? `Must be less than ${max}` : `Must be at most ${max}`;
      if (issue.origin === 'array' || issue.origin === 'set') return `At most ${max} allowed`;
      return undefined;
    }
    case 'invalid_format':
      return FORMATS[issue.format] ?? 'Not in the expected format';
    case 'invalid_value':
      return issue.values.length <= 8 ? `Must be one of: ${issue.values.map(String).join(', ')}` : 'Not one of the allowed values';
    case 'unrecognized_keys':
      return `Not a field we know: ${issue.keys.join(', ')}`;
    default:
      return undefined;
  }
}

const FORMATS: Record<string, string> = {
  email: 'Enter a valid email address',
  url: 'Enter a valid link',
  uuid: 'Not a valid id',
  datetime: 'Enter a valid date and time',
  date: 'Enter a valid date',
};

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

// Every schema of ours, on the server and in the browser, answers with these sentences.
z.config({ customError: sentenceFor });
