# One image for every Commonwork process (cluster mode). Which process a container runs is chosen by
# SERVICE (build arg for the default, env var at run time): `gateway`, or a service under services/
# (`identity`, ...). A `command:` in compose or Kubernetes can also name the entry file directly.
#
#   docker build -t commonwork .
#   docker run -e SERVICE=identity -e DATABASE_URL=... -e NATS_URL=... commonwork
#
# The processes run their TypeScript with tsx (as `npm start` does), so the runtime keeps the
# dev dependencies that include tsx.
#
# Builds with the classic builder and with BuildKit alike (`DOCKER_BUILDKIT=0 docker build .` or
# `docker buildx build .`): no `# syntax=` line (BuildKit would pull a frontend image for it), no
# RUN --mount or heredocs; the base image is the only thing pulled (npm ci fetches packages).

# Debian 12 pinned (the tag moves with Node 20's patches); pin a digest with --build-arg in release builds.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Playwright's browsers are never downloaded; browser tests use Debian's Chromium outside images.
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
    npm_config_update_notifier=false
COPY . .
RUN npm ci --no-audit --no-fund \
 && npm run build:web \
 && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ARG SERVICE=gateway
ENV NODE_ENV=production \
    SERVICE=${SERVICE} \
    DATA_DIR=/app/data \
    WEB_DIST=/app/web/dist \
    HOST=0.0.0.0
WORKDIR /app
# The code stays root's and read-only to the processes; only DATA_DIR (embedded mode's files) is theirs.
COPY --from=build /app /app
RUN mkdir -p /app/data && chown 1000:1000 /app/data
# The image's `node` user, by number: Kubernetes' runAsNonRoot can verify a numeric user only.
USER 1000:1000
EXPOSE 8080 4001
# exec: node is PID 1 and gets SIGTERM itself, for the graceful shutdown every process implements.
# With an OTLP endpoint, OpenTelemetry starts before the process loads its modules (kit/otel.ts), under the part's name.
CMD ["/bin/sh", "-c", "if [ \"$SERVICE\" = gateway ]; then entry=gateway/src/main.ts; else entry=\"services/$SERVICE/src/main.ts\"; fi; otel=; if [ -n \"$OTEL_EXPORTER_OTLP_ENDPOINT\" ]; then otel='--import @commonwork/kit/otel'; export OTEL_SERVICE_NAME=\"${OTEL_SERVICE_NAME:-${SERVICE:-gateway}}\"; fi; exec node --import tsx $otel \"$entry\""]
