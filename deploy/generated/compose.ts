import { GATEWAY_PORT, manifestOf, REALTIME_PART, SERVICE_NAMES, type ServiceName, urlSettingOf } from '@commonwork/contracts';
import { serviceWaves } from '../local/clusterParts.ts';
import { comment, GENERATED_NOTE, inK8s, listed } from './text.ts';

const healthcheck = (port: number) => `healthcheck:
      test: ["CMD", "node", "-e", "fetch('http://127.0.0.1:${port}/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
      interval: 5s
      timeout: 3s
      retries: 30
      start_period: 20s`;

const dependsOn = (names: readonly string[], indent: string) =>
  `${indent}depends_on:\n${names.map((name) => `${indent}  ${name}:\n${indent}    condition: service_healthy\n`).join('')}`;

/** The realtime replicas' compose names: realtime-a, realtime-b, ... */
export const realtimeReplicas = () => Array.from({ length: REALTIME_PART.replicas }, (_, i) => `realtime-${String.fromCharCode(97 + i)}`);

function serviceBlock(name: ServiceName): string {
  const service = manifestOf(name);
  const deploy = service.deploy ?? {};
  const settings = (deploy.settings ?? []).flatMap((setting) => {
    const compose = setting.compose;
    if (!compose) return [];
    const note = compose.note ? comment(compose.note, '      ') : '';
    if ('passThrough' in compose) return [`${note}      ${setting.name}:\n`];
    const value = 'value' in compose ? compose.value : `\${${compose.shellVariable ?? setting.name}:-${compose.shellDefault}}`;
    return [`${note}      ${setting.name}: ${value}\n`];
  });
  const volume = deploy.composeVolume ? `    volumes:\n      - ${deploy.composeVolume.name}:${deploy.composeVolume.path}\n` : '';
  return `  ${name}:
    <<: *app
    environment:
      <<: *backend-env
      SERVICE: ${name}
      PORT: "${service.port}"
      HOST: 0.0.0.0
${service.needs.map((need) => `      ${urlSettingOf(need as ServiceName)}: ${inK8s(need as ServiceName)}\n`).join('')}${settings.join('')}${volume}${dependsOn([...(deploy.servers ?? ['postgres', 'nats']), ...service.needs], '    ')}    ${healthcheck(service.port)}
`;
}

/** docker-compose.yml: the servers, every service of the manifest, the realtime replicas and the gateway. */
export function composeFile(): string {
  const waves = serviceWaves().map((wave) => listed(wave));
  const replicas = realtimeReplicas();
  const volumes = SERVICE_NAMES.flatMap((name) => {
    const volume = manifestOf(name).deploy?.composeVolume;
    return volume ? [volume.name] : [];
  });
  return `${comment(GENERATED_NOTE, '')}#
# Commonwork in cluster mode on one Docker host: PostgreSQL, NATS JetStream, Redis, and one container
# per process from the one image the Dockerfile builds.
#
#   docker compose up --build          then open http://localhost:${GATEWAY_PORT}
#   AUTH_DEV_LOGIN=true docker compose up --build     (offers the dev sign-in, for trying it out)
#
# Sign-in with Google: GOOGLE_CLIENT_ID in the shell (or an .env file beside this one).
# Identity's signing keys are created on first start in the identity-data volume and survive restarts.
# The AI search: AI_API_URL and AI_API_KEY (optionally AI_MODEL) in the shell; unset, marketplace
# interprets queries locally.
# Our own machines have no Docker engine; \`docker-compose -f docker-compose.yml config -q\` checks this file.
#
${comment(
  `The processes of \`npm run start:cluster\`, started in its order: ${waves.join(', then ')}, then ${replicas.length} realtime replicas (Socket.IO on Redis), then the gateway, each once the ones it depends on are healthy.`,
  '',
)}
x-app: &app
  image: commonwork:local
  build:
    context: .
  restart: unless-stopped

x-backend-env: &backend-env
  NODE_ENV: production
  LOG_LEVEL: \${LOG_LEVEL:-info}
  DATABASE_URL: postgres://commonwork:commonwork@postgres:5432/commonwork
  NATS_URL: nats://nats:4222
  REDIS_URL: redis://redis:6379

# A realtime replica: no database (it keeps no state beyond Redis). Every replica listens on ${REALTIME_PART.port} in
# its own container; the gateway lists them all in REALTIME_URLS and picks one per client address
# (sticky), so each replica is a service of its own here, never one service scaled up. The gateway
# moves a client on to the next replica while its own cannot be reached (refused, or a stopped
# container whose name does not resolve), and back once it is up again.
x-realtime: &realtime
  <<: *app
  environment:
    NODE_ENV: production
    LOG_LEVEL: \${LOG_LEVEL:-info}
    NATS_URL: nats://nats:4222
    REDIS_URL: redis://redis:6379
    # The same per-person budget as the gateway's: socket events count against it too.
    RATE_LIMIT_MAX: \${RATE_LIMIT_MAX:-600}
    SERVICE: realtime
    PORT: "${REALTIME_PART.port}"
    HOST: 0.0.0.0
${REALTIME_PART.needs.map((need) => `    ${urlSettingOf(need)}: ${inK8s(need)}\n`).join('')}${dependsOn(['nats', 'redis', ...REALTIME_PART.needs], '  ')}  ${healthcheck(REALTIME_PART.port).replaceAll('\n    ', '\n  ')}

services:
  postgres:
    image: postgres:15
    environment:
      POSTGRES_USER: commonwork
      POSTGRES_PASSWORD: commonwork
      POSTGRES_DB: commonwork
    volumes:
      - postgres-data:/var/lib/postgresql/data
    healthcheck:
      test: ["CMD-SHELL", "pg_isready -U commonwork -d commonwork"]
      interval: 5s
      timeout: 3s
      retries: 20

  nats:
    # 2.10 or later: the image's server reads \`sync_interval\` (see deploy/k8s/nats-config.yaml); here JetStream
    # keeps its file store in a volume, with the default fsync interval, which suits a development host.
    image: nats:2.10-alpine
    command: ["-js", "-sd", "/data", "-m", "8222"]
    volumes:
      - nats-data:/data
    healthcheck:
      test: ["CMD", "wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8222/healthz?js-enabled-only=true"]
      interval: 5s
      timeout: 3s
      retries: 20

  redis:
    image: redis:7
    command: ["redis-server", "--save", "", "--appendonly", "no"]
    healthcheck:
      test: ["CMD", "redis-cli", "ping"]
      interval: 5s
      timeout: 3s
      retries: 20

${SERVICE_NAMES.map(serviceBlock).join('\n')}
  # ${replicas.length} realtime replicas on Redis, so cross-replica fan-out runs here too. A replica more is
  # REALTIME_PART.replicas in contracts/src/services.ts, and \`npm run generate\`.
${replicas.map((replica) => `  ${replica}:\n    <<: *realtime\n`).join('\n')}
  gateway:
    <<: *app
    environment:
      NODE_ENV: production
      LOG_LEVEL: \${LOG_LEVEL:-info}
      SERVICE: gateway
      PORT: "${GATEWAY_PORT}"
      HOST: 0.0.0.0
${SERVICE_NAMES.map((name) => `      ${urlSettingOf(name)}: ${inK8s(name)}\n`).join('')}      # Every realtime replica: /socket.io/ goes to one of them, sticky by client address.
      REALTIME_URLS: ${replicas.map((replica) => `http://${replica}:${REALTIME_PART.port}`).join(',')}
      WEB_DIST: /app/web/dist
      RATE_LIMIT_MAX: \${RATE_LIMIT_MAX:-600}
      RATE_LIMIT_AUTH_MAX: \${RATE_LIMIT_AUTH_MAX:-30}
      # A person's calls are counted here, with their socket events (realtime replicas count there too).
      REDIS_URL: redis://redis:6379
      # As identity's, passed through only when set: the pages' policy then lets Google's sign-in in.
      GOOGLE_CLIENT_ID:
    ports:
      - "${GATEWAY_PORT}:${GATEWAY_PORT}"
${dependsOn([...SERVICE_NAMES, ...replicas], '    ')}    ${healthcheck(GATEWAY_PORT)}

volumes:
  postgres-data:
  nats-data:
${volumes.map((volume) => `  ${volume}:\n`).join('')}`;
}
