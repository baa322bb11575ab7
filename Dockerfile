# syntax=docker/dockerfile:1
# One image for every Commonwork process (cluster mode). Which process a container runs is chosen by
# SERVICE (build arg for the default, env var at run time): `gateway`, or a service under services/
# (`identity`, ...). A `command:` in compose or Kubernetes can also name the entry file directly.
#
#   docker build -t commonwork .
#   docker run -e SERVICE=identity -e DATABASE_URL=... -e NATS_URL=... commonwork
#
# The processes run their TypeScript with tsx (as `npm start` does), so the runtime keeps the
# dev dependencies that include tsx.

ARG NODE_IMAGE=node:20-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Playwright's browsers are never downloaded; browser tests use Debian's Chromium outside images.
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
    npm_config_update_notifier=false
COPY . .
RUN npm ci --no-audit --no-fund \
 && npm run build:web \
 && npm cache clean --force \
 && mkdir -p /app/data

FROM ${NODE_IMAGE} AS runtime
ARG SERVICE=gateway
ENV NODE_ENV=production \
    SERVICE=${SERVICE} \
    DATA_DIR=/app/data \
    WEB_DIST=/app/web/dist \
    HOST=0.0.0.0
WORKDIR /app
COPY --from=build --chown=node:node /app /app
# The image's `node` user (uid 1000): no process runs as root.
USER node
EXPOSE 8080 4001
# exec: node is PID 1 and gets SIGTERM itself, for the graceful shutdown every process implements.
CMD ["/bin/sh", "-c", "if [ \"$SERVICE\" = gateway ]; then entry=gateway/src/main.ts; else entry=\"services/$SERVICE/src/main.ts\"; fi; exec node --import tsx \"$entry\""]
