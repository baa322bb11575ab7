// `npm start`: builds the web app when its sources are newer than the build (unless WEB_DIST names
// one), then runs the embedded platform.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { esbuildServiceEnv } from './esbuildService.mjs';
import { ensureWebBuilt } from './webBuild.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
ensureWebBuilt(root);
const child = spawn(process.execPath, ['--import', 'tsx', 'deploy/local/embedded.ts', ...process.argv.slice(2)], {
  cwd: root,
  // tsx's esbuild service without its once-a-second ping (esbuildService.mjs).
  env: { ...process.env, ...esbuildServiceEnv() },
  // The IPC channel is only watched by the platform (the kit's shutdownOnSignals): when this launcher
  // is gone, even by SIGKILL, the channel closes and the platform stops instead of holding its port.
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
