export { RealtimeConfig } from './config.ts';
export { type RealtimeOptions, type RunningRealtime, startRealtime } from './server.ts';
