/** Sign-in strings of spec 000 §8 and 002 §8, word for word. */
export const AUTH_MESSAGES = {
  login: {
    failed: 'Login failed. Please try again.',
    providerFailed: 'Google login failed. Please try again.',
    success: 'Welcome back!',
  },
  signup: {
    failed: 'Failed to sign up with Google. Please try again.',
    providerFailed: 'Google sign up was cancelled or failed',
    success: 'Account created successfully!',
  },
  authenticateFallback: 'Failed to authenticate',
  processFailed: 'Failed to process Google login. Please try again.',
  setupFallback: 'Failed to update profile',
  unexpected: 'Something went wrong. Please try again.',
  joinRequiresLogin: 'Please login to join the channel',
} as const;

export type AuthMode = 'login' | 'signup';
