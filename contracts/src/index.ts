export * from './auth.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './events/envelope.ts';
export * from './events/identity.ts';
export * from './http/index.ts';
export * from './openapi.ts';
export * from './users.ts';
