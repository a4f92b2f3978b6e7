# syntax=docker/dockerfile:1
# Bahi's image: `scripts/build-image.sh` builds it, compose.yaml runs it with PostgreSQL
# (docs/operations.md, "Running in Docker").

# Stage 1: the dependencies, and the console's bundle. better-sqlite3 is a native module: npm takes
# its prebuilt binary when one fits and otherwise compiles it, with the tools installed here only.
# `npm ci` runs the prepare script, which builds the console (console/dist) with the development
# dependencies; they are pruned before the second stage takes node_modules.
FROM node:20-bookworm-slim AS dependencies
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json tsconfig.json ./
COPY sdk ./sdk
COPY console ./console
RUN npm ci --no-audit --no-fund && npm prune --omit=dev && npm cache clean --force

# Stage 2: what runs. The sources are TypeScript, run through tsx as `npm start` runs them.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    BAHI_DATA_DIR=/var/lib/bahi
WORKDIR /app
COPY --from=dependencies /app/node_modules ./node_modules
COPY package.json tsconfig.json ./
COPY bin ./bin
COPY src ./src
COPY --from=dependencies /app/console/dist ./console/dist
# The embedded database, the local file store and the .eml mail fallback live in the data dir:
# a volume, owned by the unprivileged user the service runs as (`node`, uid 1000, from the base image).
RUN mkdir -p /var/lib/bahi && chown node:node /var/lib/bahi
USER node
VOLUME ["/var/lib/bahi"]
EXPOSE 8080
# Ready = the database can serve writes (GET /readyz); the image has no curl, Node's fetch asks.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node is PID 1 and handles SIGTERM itself (a graceful shutdown: docs/operations.md).
CMD ["node", "--import", "tsx", "src/main/api.ts"]
