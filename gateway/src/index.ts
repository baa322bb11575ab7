export { GatewayConfig } from './config.ts';
export { createGateway } from './gateway.ts';
export { replicaIndexFor } from './realtimeProxy.ts';
