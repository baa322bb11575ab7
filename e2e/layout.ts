import type { Page } from '@playwright/test';

/** The few DOM facts the layout check reads (the root tsconfig has no DOM library; see BrowserGlobals). */
interface Box {
  left: number;
  right: number;
  width: number;
  height: number;
}
interface Element {
  tagName: string;
  id: string;
  className: unknown;
  textContent: string | null;
  scrollWidth: number;
  clientWidth: number;
  parentElement: Element | null;
  childNodes: ArrayLike<{ nodeType: number; textContent: string | null }>;
  getBoundingClientRect(): Box;
  closest(selector: string): Element | null;
  hasAttribute(name: string): boolean;
  /** Set on pictures only. */
  naturalWidth?: number;
  naturalHeight?: number;
}
interface LayoutDom {
  innerWidth: number;
  document: { documentElement: Element; querySelectorAll(selector: string): ArrayLike<Element> };
  getComputedStyle(element: Element): { overflowX: string; textOverflow: string; visibility: string; display: string; objectFit: string };
}

/**
 * What a screen shows wrongly at its width, as lines a person can read: the page scrolling sideways,
 * an element reaching past the viewport (unless inside a container marked `data-scroll-x`: one that
 * scrolls sideways on purpose and shows that it does; a plain `overflow-x: auto` hides what is past the edge),
 * and text cut off by its box. Truncation is intended only where the element (or an ancestor) carries
 * the full text in a `title` attribute; a picture may be cropped only where marked `data-crop` (an
 * avatar's disc). Runs in the page: everything it needs is inside the function.
 */
function findLayoutProblems(): string[] {
  const { innerWidth, document, getComputedStyle } = globalThis as unknown as LayoutDom;
  const problems: string[] = [];
  const name = (element: Element) => {
    const classes = typeof element.className === 'string' ? element.className.split(/\s+/).slice(0, 4).join('.') : '';
    const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${classes ? `.${classes}` : ''}> "${text}"`;
  };
  const ownText = (element: Element) =>
    Array.from(element.childNodes).some((node) => node.nodeType === 3 && (node.textContent ?? '').trim() !== '');

  const page = document.documentElement;
  if (page.scrollWidth > innerWidth) problems.push(`the page is ${page.scrollWidth}px wide in a ${innerWidth}px viewport`);
  // Elements reported as too wide: their children are not reported again.
  const tooWide = new Set<Element>();
  for (const element of Array.from(document.querySelectorAll('body *'))) {
    // A closed drawer (inert, off-screen by design) and what is not drawn are not part of the screen.
    if (element.closest('[inert], [aria-hidden="true"]')) continue;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || style.display === 'contents') continue;
    const box = element.getBoundingClientRect();
    // Screen-reader-only text is a 1px box that clips on purpose.
    if (box.width <= 1 || box.height <= 1) continue;
    if ((box.right > innerWidth + 1 || box.left < -1) && !element.closest('[data-scroll-x]')) {
      tooWide.add(element);
      if (element.parentElement && tooWide.has(element.parentElement)) continue;
      problems.push(`${name(element)} spans ${Math.round(box.left)}..${Math.round(box.right)}px in a ${innerWidth}px viewport`);
      continue;
    }
    // A picture drawn with object-fit: cover loses what does not fit its box's shape (a poster's title).
    const { naturalWidth = 0, naturalHeight = 0 } = element;
    if (style.objectFit === 'cover' && naturalWidth > 0 && naturalHeight > 0 && !element.hasAttribute('data-crop')) {
      const kept = Math.min(
        (box.width / box.height) * (naturalHeight / naturalWidth),
        (box.height / box.width) * (naturalWidth / naturalHeight),
      );
      if (kept < 0.95) problems.push(`${name(element)} shows ${Math.round(kept * 100)}% of its picture (object-fit: cover)`);
    }
    const clips = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
    if (clips && ownText(element) && element.scrollWidth > element.clientWidth + 1 && !element.closest('[title]'))
      problems.push(`${name(element)} cuts its text (${element.scrollWidth}px of text in ${element.clientWidth}px)`);
  }
  return problems.slice(0, 15);
}

/** The layout problems of the screen the page shows now (see findLayoutProblems). */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(findLayoutProblems);
}
