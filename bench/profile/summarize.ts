// `npx tsx bench/profile/summarize.ts <file.cpuprofile>`: where a profiled process spent its time,
// by package (self time) and by function, busy time only.
import { readFileSync } from 'node:fs';

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv[2];
if (!file) throw new Error('usage: tsx bench/profile/summarize.ts <file.cpuprofile>');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
const packageOf = (url: string, name: string) => {
  if (!url) return `(${name})`;
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency) return dependency[1] as string;
  if (url.startsWith('node:')) return 'node';
  return /\/(services\/[^/]+|gateway|contracts)\//.exec(url)?.[1] ?? url;
};
profile.samples.forEach((id, i) => {
  const frame = frames.get(id);
  const us = profile.timeDeltas[i] ?? 0;
  if (!frame || frame.functionName === '(idle)') return;
  add(byPackage, packageOf(frame.url, frame.functionName), us);
  add(byFunction, `${frame.functionName || '(anonymous)'} ${frame.url.replace(/.*node_modules\//, '')}:${frame.lineNumber}`, us);
});
const busy = [...byPackage.values()].reduce((a, b) => a + b, 0);
const top = (map: Map<string, number>, n: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, us]) => `  ${((us / busy) * 100).toFixed(1).padStart(5)} %  ${(us / 1e6).toFixed(2).padStart(6)} s  ${key}`)
    .join('\n');
console.log(`${file}: ${(busy / 1e6).toFixed(1)} s busy\nby package:\n${top(byPackage, 15)}\nby function:\n${top(byFunction, 20)}`);
