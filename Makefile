# Shortcuts for the npm scripts; package.json is the source of truth.
.PHONY: help install start start-cluster test lint typecheck ci

# The machine's own servers, for start-cluster (each overridable from the environment).
DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/postgres
NATS_URL ?= nats://127.0.0.1:4222
REDIS_URL ?= redis://127.0.0.1:6379

help:
	@echo "make install        npm ci"
	@echo "make start          embedded mode: one process, no servers needed (npm start)"
	@echo "make start-cluster  cluster mode: one process per service, on PostgreSQL, NATS and Redis"
	@echo "make test           unit, integration and end-to-end tests (npm test)"
	@echo "make lint           biome"
	@echo "make typecheck      tsc"
	@echo "make ci             what CI runs: installs and starts the servers, then all of the above"

install:
	npm ci --no-audit --no-fund

start:
	npm start

start-cluster:
	DATABASE_URL="$(DATABASE_URL)" NATS_URL="$(NATS_URL)" REDIS_URL="$(REDIS_URL)" npm run start:cluster

test:
	npm test

lint:
	npm run lint

typecheck:
	npm run typecheck

ci:
	bash .ci/run
