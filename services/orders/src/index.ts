export { OrdersConfig } from './config.ts';
export { projections } from './projections.ts';
export { ordersService } from './service.ts';
