// `npm run generate`: writes docker-compose.yml and deploy/k8s's files for the services of
// contracts/src/services.ts (deploy/generated/). `npm run generate -- --check` only says which differ;
// deploy/generated/generated.unit.test.ts fails in CI on a file that is not fresh.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generatedFiles } from './generated/index.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
// A new service's files do not exist yet: they are written like stale ones.
const read = (path: string) => (existsSync(`${root}${path}`) ? readFileSync(`${root}${path}`, 'utf8') : '');
const check = process.argv.includes('--check');
const stale: string[] = [];
for (const [path, text] of Object.entries(generatedFiles(read))) {
  if (read(path) === text) continue;
  stale.push(path);
  if (!check) writeFileSync(`${root}${path}`, text);
}
if (stale.length === 0) console.log('Every generated file is fresh.');
else if (check) {
  console.error(`Not fresh (run npm run generate): ${stale.join(', ')}`);
  process.exit(1);
} else console.log(`Written: ${stale.join(', ')}`);
