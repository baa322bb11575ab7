export { GatewayConfig } from './config.ts';
export { createGateway } from './gateway.ts';
export { type LookupAll, type RealtimeDns, replicaIndexFor } from './realtimeProxy.ts';
