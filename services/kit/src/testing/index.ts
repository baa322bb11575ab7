export { deciderSpec } from './decider.ts';
export { buildEvent, buildGig, buildOrderCard, type PersonTexts, populatePerson } from './factories.ts';
export { streamMessagesHolding, tablesHolding } from './forgotten.ts';
export { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from './otlpReceiver.ts';
export { freePort, type OwnServer, portFree, startOwnServer } from './ownServers.ts';
export { buildUser, signUp, startTestPlatform, type TestPlatform } from './platform.ts';
export { batchTime, projectionSpec, published, readModelSpec, SPEC_START, specId } from './projection.ts';
export { expectRebuildReproduces } from './rebuild.ts';
export {
  type PlatformPart,
  type PlatformStarter,
  type RunningPart,
  registerTestPlatform,
  type StartedPlatform,
  type TestSigningKey,
} from './registry.ts';
export { createTestBus, createTestDatabase, deleteNamespace, eventually, testLogger, testServers } from './resources.ts';
export { missing, natsServerBinary, redisServerBinary, type TestServer } from './servers.ts';
export { statementsNaming } from './statements.ts';
