// Where the platform's processes run tsx's esbuild service from: the real binary behind
// esbuildWithoutPing.sh, which drops the service's once-a-second ping to its parent
// (docs/decisions/deploy/esbuild-service-without-ping.md). Plain JavaScript: start.mjs runs before tsx.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * The environment that makes tsx's esbuild service start without `--ping`; empty where esbuild's
 * binary is not where npm puts it on Linux and macOS (the service then pings as usual), or where
 * ESBUILD_BINARY_PATH is set already.
 */
export function esbuildServiceEnv(env = process.env) {
  if (env.ESBUILD_BINARY_PATH || process.platform === 'win32') return {};
  try {
    const binary = createRequire(import.meta.url).resolve(`@esbuild/${process.platform}-${process.arch}/bin/esbuild`);
    return {
      ESBUILD_BINARY_PATH: fileURLToPath(new URL('./esbuildWithoutPing.sh', import.meta.url)),
      ESBUILD_SERVICE_BINARY: binary,
    };
  } catch {
    return {};
  }
}
