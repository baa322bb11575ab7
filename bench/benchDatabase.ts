import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A database of the benchmark's own on the server at `serverUrl` (`cw_bench_<random>`), created now
 * and dropped by `drop` (also on Ctrl-C). `admin` stays connected to the server for the run.
 */
export async function createBenchDatabase(serverUrl: string) {
  const name = `cw_bench_${randomBytes(4).toString('hex')}`;
  const url = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const drop = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  process.once('SIGINT', () => void drop().finally(() => process.exit(130)));
  return { name, url, admin, drop };
}

/** Stops each part on its own, so one failure does not leave the others (or the database) behind. */
export async function stopEach(label: string, stops: (() => unknown)[]) {
  for (const stop of stops)
    await Promise.resolve()
      .then(stop)
      .catch((error: unknown) => console.error(`[${label}] cleanup:`, error));
}
