import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { App } from '@commonwork/kit';

/**
 * Google Identity Services, as its guide asks a page's policy to allow it: the script, the button's
 * frame, its calls and its stylesheet (developers.google.com/identity/gsi/web/guides/get-google-api-clientid).
 */
const GOOGLE = {
  script: 'https://accounts.google.com/gsi/client',
  frame: 'https://accounts.google.com/gsi/',
  connect: 'https://accounts.google.com/gsi/',
  style: 'https://accounts.google.com/gsi/style',
};

/** Powerful features the app never asks for, refused to it and to anything it frames. */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** HTTPS only for a year, once a browser has reached us over TLS (RFC 6797: ignored over plain HTTP). */
const HSTS = 'max-age=31536000';

type Directives = Record<string, readonly string[]>;

const serialize = (directives: Directives) =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');

/** Where nothing is to be run, drawn or framed: JSON, files, errors. A document opened from one of them is inert. */
export const NO_CONTENT_POLICY = serialize({
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
});

/**
 * The API documents' page (/api/docs): Swagger UI's own files, its inline logo as a data: image.
 * Its styles come from a third-party React app that writes style attributes; the page holds no
 * person's data and runs no script but its own files, so 'unsafe-inline' for its styles costs little.
 */
export const DOCS_POLICY = serialize({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
});

/**
 * The web app's policy for one page, whose inline scripts are allowed by their hashes and nothing
 * else inline runs (docs/decisions/http/content-security-policy.md says why each source is there).
 */
export function pagePolicy(scriptHashes: readonly string[], googleSignIn: boolean): string {
  const google = (source: string) => (googleSignIn ? [source] : []);
  return serialize({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes.map((hash) => `'${hash}'`), ...google(GOOGLE.script)],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", ...google(GOOGLE.style)],
    // react-hot-toast's styles are one <style> element it fills at run time (goober).
    'style-src-elem': ["'self'", "'unsafe-inline'", ...google(GOOGLE.style)],
    'style-src-attr': ["'none'"],
    // Pictures and event images may be any https address (contracts' ImageUrl); a chosen file is previewed from a blob.
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    // 'self' covers the socket too: ws: and wss: on the page's own host (CSP 3, 'self' matching).
    'connect-src': ["'self'", ...google(GOOGLE.connect)],
    'frame-src': googleSignIn ? [GOOGLE.frame] : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The CSP hash source (`sha256-…`) of every inline script in an HTML document, as the browser hashes its text. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(([, code]) => `sha256-${sha256(code ?? '')}`);
}

/**
 * The policy of every HTML file of the web build, by its absolute path, read once at start: the
 * pre-rendered pages differ in their inline loader (each preloads its own screens), so each page
 * allows exactly its own scripts.
 */
export function pagePolicies(webDist: string, googleSignIn: boolean): Map<string, string> {
  const files = readdirSync(webDist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
  return new Map(
    files.map((file) => {
      const path = join(webDist, file);
      return [path, pagePolicy(inlineScriptHashes(readFileSync(path, 'utf8')), googleSignIn)];
    }),
  );
}

/**
 * The headers every answer carries, set on the raw response when the request arrives, so that an
 * error, a 429, a proxied answer and a hijacked one (the socket's polling) all have them. An answer
 * that names its own (a page's policy, media's cache headers) replaces the default.
 * API and socket answers are never stored: most carry a person's data, and one asked with a token
 * may carry the caller's own fields even on a public path.
 */
export function registerSecurityHeaders(app: App, options: { googleSignIn: boolean }): void {
  // Google's sign-in button opens a popup that answers the page by postMessage, which `same-origin` would cut.
  const openerPolicy = options.googleSignIn ? 'same-origin-allow-popups' : 'same-origin';
  app.addHook('onRequest', async (request, reply) => {
    const res = reply.raw;
    res.setHeader('content-security-policy', NO_CONTENT_POLICY);
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('x-frame-options', 'DENY');
    res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
    res.setHeader('permissions-policy', PERMISSIONS_POLICY);
    res.setHeader('cross-origin-opener-policy', openerPolicy);
    // The protocol the client used: TLS here, or at a trusted proxy that says so (X-Forwarded-Proto).
    if (request.protocol === 'https') res.setHeader('strict-transport-security', HSTS);
    if (request.url.startsWith('/api/') || request.url.startsWith('/socket.io/')) res.setHeader('cache-control', 'no-store');
  });
}
