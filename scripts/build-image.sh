#!/usr/bin/env bash
# Builds the Docker image (Dockerfile) as bahi:local, or BAHI_IMAGE if set. Without a Docker
# engine (the client alone cannot build) it says so in one line and succeeds, so that CI on a
# machine without one goes on.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v docker >/dev/null 2>&1 || ! docker info >/dev/null 2>&1; then
  echo "build-image: skipped, no Docker engine is available"
  exit 0
fi
docker build --tag "${BAHI_IMAGE:-bahi:local}" .
