import { describe, expect, it } from 'vitest';
import { signInPrompt } from './signInPrompt.ts';

describe('signInPrompt', () => {
  it('names only the sign-in methods the server offers', () => {
    expect(signInPrompt({ googleClientId: 'id.apps.googleusercontent.com', devLogin: false })).toBe('Sign in with Google to continue.');
    expect(signInPrompt({ googleClientId: null, devLogin: true })).toBe('Use the developer sign-in to continue.');
    expect(signInPrompt({ googleClientId: 'id', devLogin: true })).toBe('Sign in with Google or the developer sign-in to continue.');
    expect(signInPrompt({ googleClientId: null, devLogin: false })).toBe('Sign-in is not available on this server.');
  });

  it('names no method before the server has said which it offers', () => {
    expect(signInPrompt(undefined)).toBe('Sign in to continue.');
  });
});
