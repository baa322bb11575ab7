import { isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { IdentityConfig, keysFileOf, NoKeyFile, rotateKeyFile } from '@commonwork/identity';
import { loadConfig } from '@commonwork/kit';

// `npm run rotate-keys [-- --publish-for <minutes>]`: one step of rotating identity's signing keys in
// its key file (IDENTITY_KEYS_FILE, default DATA_DIR/keys/identity.json): removes the keys whose
// tokens have all expired, then adds a key that identity publishes from its next start and signs
// with from <minutes> later (default 15). `-- --retire` only removes. docs/operations.md: the steps
// around it on Kubernetes (the file is a Secret there).
const { values } = parseArgs({
  options: { retire: { type: 'boolean', default: false }, 'publish-for': { type: 'string', default: '15' } },
});
const minutes = Number(values['publish-for']);
if (!Number.isFinite(minutes) || minutes < 0) {
  console.error('--publish-for: minutes, 0 or more');
  process.exit(64);
}
const config = loadConfig(IdentityConfig);
// Relative paths mean the folder npm was called from, as the other commands read them.
const file = keysFileOf(config);
const path = isAbsolute(file) ? file : resolve(process.env.INIT_CWD ?? process.cwd(), file);
const result = await rotateKeyFile(path, {
  now: new Date(),
  ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
  publishFor: minutes * 60_000,
  retireOnly: values.retire,
}).catch((error: unknown) => {
  if (!(error instanceof NoKeyFile)) throw error;
  console.error(error.message);
  process.exit(1);
});
for (const kid of result.retired) console.log(`Retired ${kid}: every token it signed has expired.`);
if (result.added) {
  console.log(
    `Added ${result.added.kid} to ${path}: identity publishes it from its next start and signs with it from ${result.added.notBefore}.`,
  );
  console.log('Restart every identity replica before then (on Kubernetes: update the Secret identity-keys from this file first).');
}
for (const { kid, retireAfter } of result.verifying) {
  console.log(
    retireAfter
      ? `${kid} only verifies now; its tokens have all expired after ${retireAfter} (then: npm run rotate-keys -- --retire).`
      : `${kid} only verifies; the key that replaced it has no notBefore, so remove it by hand once a token's lifetime has passed.`,
  );
}
if (result.refused) {
  console.error(`Nothing added: ${result.refused}.`);
  process.exit(1);
}
if (!result.added && result.retired.length === 0) console.log(`Nothing to retire in ${path}.`);
