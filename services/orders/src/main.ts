import { loadConfig, remoteTokenVerifier, runServiceProcess } from '@commonwork/kit';
import { OrdersConfig } from './config.ts';
import { ordersService } from './service.ts';

// Cluster mode: orders as its own process.
const config = loadConfig(OrdersConfig);
await runServiceProcess({
  name: 'orders',
  config,
  definition: ordersService(config),
  verifier: remoteTokenVerifier(config.IDENTITY_URL),
  identity: config.IDENTITY_URL,
});
