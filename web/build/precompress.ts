import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { brotliOptions } from './brotli.ts';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Text worth compressing; images and fonts come compressed already. */
const TEXT = /\.(js|mjs|css|html|svg|json|txt)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1_024;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file of the build, at the highest
 * levels: compressed once here, sent as they are by the gateway (@fastify/static's `preCompressed`).
 */
export function precompress(): Plugin {
  return {
    name: 'commonwork:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => TEXT.test(file))
          .map(async (file) => {
            const path = join(dir, file);
            const data = await readFile(path);
            if (data.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(data, brotliOptions(data.length)),
              gzipped(data, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
          }),
      );
    },
  };
}
