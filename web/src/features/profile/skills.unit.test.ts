import { describe, expect, it } from 'vitest';
import { addSkill, SOCIAL_URLS, websiteHref } from './skills.ts';

describe('addSkill', () => {
  it('adds a trimmed skill', () => {
    expect(addSkill(['React'], '  TypeScript ')).toEqual(['React', 'TypeScript']);
  });

  it('ignores empty input and duplicates', () => {
    expect(addSkill(['React'], '   ')).toEqual(['React']);
    expect(addSkill(['React'], 'react')).toEqual(['React']);
  });
});

describe('profile links', () => {
  it('builds each network URL from the stored username', () => {
    expect(SOCIAL_URLS.github('ada')).toBe('https://github.com/ada');
    expect(SOCIAL_URLS.twitter('ada')).toBe('https://twitter.com/ada');
    expect(SOCIAL_URLS.linkedin('ada-l')).toBe('https://www.linkedin.com/in/ada-l');
  });

  it('makes a bare website absolute', () => {
    expect(websiteHref('ada.dev')).toBe('https://ada.dev');
    expect(websiteHref('http://ada.dev')).toBe('http://ada.dev');
  });
});
