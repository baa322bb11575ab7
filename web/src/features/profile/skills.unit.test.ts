import { describe, expect, it } from 'vitest';
import { acceptSkill, addSkill, SOCIAL_URLS, websiteHref } from './skills.ts';

describe('addSkill', () => {
  it('adds a trimmed skill', () => {
    expect(addSkill(['React'], '  TypeScript ')).toEqual(['React', 'TypeScript']);
  });

  it('ignores empty input and duplicates', () => {
    expect(addSkill(['React'], '   ')).toEqual(['React']);
    expect(addSkill(['React'], 'react')).toEqual(['React']);
  });
});

describe('acceptSkill', () => {
  it('takes every draft in: a repeat or a blank leaves the list as it was, without a refusal', () => {
    expect(acceptSkill(['React'], 'Node')).toEqual({ chips: ['React', 'Node'] });
    expect(acceptSkill(['React'], 'REACT')).toEqual({ chips: ['React'] });
    expect(acceptSkill(['React'], ' ')).toEqual({ chips: ['React'] });
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
