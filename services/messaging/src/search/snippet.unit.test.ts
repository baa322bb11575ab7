import { describe, expect, it } from 'vitest';
import { snippetOf } from './snippet.ts';

const marked = ({ text, marks }: ReturnType<typeof snippetOf>) => marks.map((m) => text.slice(m.start, m.end));

describe('snippetOf', () => {
  it('marks the words a search answered: as typed, by prefix, by stem and by a close spelling', () => {
    expect(marked(snippetOf('Deploying the new deployment, deployed twice', 'deployment'))).toEqual([
      'Deploying',
      'deployment',
      'deployed',
    ]);
    expect(marked(snippetOf('The kubernetes upgrade is on Friday', 'kubernets upgr'))).toEqual(['kubernetes', 'upgrade']);
    expect(marked(snippetOf('We fixed the payment flow after the deployment', 'deplyment'))).toEqual(['deployment']);
  });

  it('keeps a short text whole, with its whitespace folded', () => {
    expect(snippetOf('  Lunch\n\nplans:   pizza  ', 'pizza')).toEqual({ text: 'Lunch plans: pizza', marks: [{ start: 13, end: 18 }] });
  });

  it('cuts a long text at words around the first match, with ellipses, and keeps the ranges on the words', () => {
    const long = `${'lorem ipsum dolor '.repeat(20)}the invoice is late ${'sit amet consectetur '.repeat(20)}`;
    const snippet = snippetOf(long, 'invoice');
    expect(snippet.text.startsWith('…')).toBe(true);
    expect(snippet.text.endsWith('…')).toBe(true);
    expect(snippet.text.length).toBeLessThanOrEqual(162);
    expect(snippet.text).toMatch(/^… ?[a-z]/);
    expect(marked(snippet)).toEqual(['invoice']);
  });

  it('returns plain text: markup in a message stays text and is never marked as markup', () => {
    const snippet = snippetOf('<img src=x onerror=alert(1)> deployment', 'deployment');
    expect(snippet.text).toBe('<img src=x onerror=alert(1)> deployment');
    expect(marked(snippet)).toEqual(['deployment']);
  });
});
