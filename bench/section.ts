import { readFile, writeFile } from 'node:fs/promises';

/**
 * Rewrites one benchmark's section of RESULTS.md between its own markers, re-reading the file at
 * the moment of writing; the first time, appends the header and the section after what is there.
 * Everything outside the markers (the other benchmarks' sections and the notes) is kept.
 */
export async function writeSection(file: string, marker: string, header: string, markdown: string) {
  const start = `<!-- bench:${marker}:start -->`;
  const end = `<!-- bench:${marker}:end -->`;
  const current = await readFile(file, 'utf8').catch(() => '');
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const section = `${start}\n${markdown}\n${end}`;
  const next =
    from >= 0 && to > from
      ? `${current.slice(0, from)}${section}${current.slice(to + end.length)}`
      : `${current.trimEnd()}\n\n${header}\n${section}\n`;
  await writeFile(file, next);
}
