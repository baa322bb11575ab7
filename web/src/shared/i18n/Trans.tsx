import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';

// `<0>text</0>` or `<0/>`: where a translated message places one of its elements (a link, a bold word).
const TAG = /<(\d+)>([\s\S]*?)<\/\1>|<(\d+)\/>/g;

/**
 * A translated message with elements in it: each `<n>…</n>` becomes `components[n]` holding the
 * tag's text, so a translation may move the link within its sentence.
 */
export function withElements(message: string, components: readonly ReactElement<{ children?: ReactNode }>[]): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of message.matchAll(TAG)) {
    if (match.index > last) parts.push(message.slice(last, match.index));
    const element = components[Number(match[1] ?? match[3])];
    if (element) parts.push(cloneElement(element, { key: parts.length }, ...(match[2] === undefined ? [] : [match[2]])));
    last = match.index + match[0].length;
  }
  if (last < message.length) parts.push(message.slice(last));
  return <Fragment>{parts}</Fragment>;
}
