#!/bin/sh
# The esbuild service tsx starts in each process it loads TypeScript into, without `--ping`: with it
# the service wakes its parent's loader thread every second for as long as the process lives (about
# 1 ms of CPU a second in each of the two). It still ends when its parent does (its stdin closes).
# ESBUILD_SERVICE_BINARY is the real binary (deploy/local/esbuildService.mjs sets both variables).
for arg; do
  shift
  [ "$arg" = --ping ] || set -- "$@" "$arg"
done
exec "$ESBUILD_SERVICE_BINARY" "$@"
