import { describe, expect, it } from 'vitest';
import { assertDrawnForEveryValue, pageFileFor, withRootMarkup } from './prerender.ts';

describe('withRootMarkup', () => {
  it('puts the markup inside the empty root, inert, and fetches and runs the scripts after the first paint', () => {
    const page =
      '<head><script type="module" crossorigin src="/a.js"></script>\n    <link rel="modulepreload" crossorigin href="/b.js">\n    <link rel="stylesheet" href="/c.css"></head><body><div id="root"></div></body>';
    const built = withRootMarkup(page, '<h1>Hi</h1>');
    expect(built).toContain('<div id="root" inert><h1>Hi</h1></div>');
    expect(built).toContain('<link rel="stylesheet" href="/c.css">');
    // Nothing fetched before the paint: no script tag, no preload link; both made by the loader.
    expect(built).not.toMatch(/src="\/a.js"|rel="modulepreload" crossorigin href/);
    const loader = /<script type="module">(.*)<\/script>/.exec(built)?.[1] ?? '';
    expect(loader).toMatch(/^new Promise\(\(painted\) => \{ try \{ new PerformanceObserver/);
    expect(loader).toContain("observe({ type: 'paint', buffered: true })");
    expect(loader).toContain('setTimeout(painted, 3000)');
    expect(loader).toContain('for (const href of ["/b.js"])');
    expect(loader).toContain('import("/a.js")');
  });

  it('keeps a price such as "$&" as written', () => {
    const page = '<script type="module" crossorigin src="/a.js"></script><div id="root"></div>';
    expect(withRootMarkup(page, '<p>From $& up, $1 off</p>')).toContain('<div id="root" inert><p>From $& up, $1 off</p></div>');
  });

  it('fails the build when the page has no empty root to fill', () => {
    expect(() => withRootMarkup('<body><main></main></body>', '<h1>Hi</h1>')).toThrow(/no <div id="root"><\/div>/);
    expect(() => withRootMarkup('<body><div id="root"></div></body>', '<h1>Hi</h1>')).toThrow(/no entry script/);
  });
});

describe('pageFileFor', () => {
  it('writes the landing page as index.html and every other path under pages/', () => {
    expect(pageFileFor('/')).toBe('index.html');
    expect(pageFileFor('/marketplace')).toBe('pages/marketplace.html');
    expect(pageFileFor('/marketplace/create')).toBe('pages/marketplace/create.html');
  });

  it('writes a parameter in brackets, as the gateway reads it', () => {
    expect(pageFileFor('/marketplace/:id')).toBe('pages/marketplace/[id].html');
    expect(pageFileFor('/events/:id/edit')).toBe('pages/events/[id]/edit.html');
    expect(pageFileFor('/join/channel/:joinLink')).toBe('pages/join/channel/[joinLink].html');
  });
});

describe('assertDrawnForEveryValue', () => {
  it('passes a page that shows nothing of its parameter', () => {
    expect(() => assertDrawnForEveryValue('/marketplace/:id', '<p>Loading gig...</p>')).not.toThrow();
    expect(() => assertDrawnForEveryValue('/marketplace', '<p>Price: 5:id</p>')).not.toThrow();
  });

  it('fails the build on a page that shows its parameter, as text or in a link', () => {
    expect(() => assertDrawnForEveryValue('/profile/:username', '<h1>@:username</h1>')).toThrow(/shows its parameter :username/);
    expect(() => assertDrawnForEveryValue('/events/:id/edit', '<a href="/events/%3Aid">Back</a>')).toThrow(/:id/);
  });
});
