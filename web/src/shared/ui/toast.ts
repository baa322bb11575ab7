import base from 'react-hot-toast';

type Show = typeof base.error;

/**
 * A message already on screen is replaced, not shown twice: a text's toast takes the text as its
 * id (react-hot-toast updates a toast whose id it knows). A form passes its own id, so its
 * successive errors replace each other too.
 */
const once =
  (show: Show): Show =>
  (message, options) =>
    show(message, { id: typeof message === 'string' ? message : undefined, ...options });

export const toast = Object.assign(once(base), base, {
  error: once(base.error),
  success: once(base.success),
  loading: once(base.loading),
});
