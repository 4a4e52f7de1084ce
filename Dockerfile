# syntax=docker/dockerfile:1
# One image for every service; docker-compose.yml picks each one's entry point. The steps are
# scripts/image-build.mjs's, so `node scripts/image-build.mjs rehearse` runs the same ones without
# Docker (system-tests/../scripts/image-build.spec.ts checks this file against the script).

ARG NODE_IMAGE=node:24.11.1-bookworm-slim

# ---- build: every dependency, every workspace of the image built, then the runtime tree in /out ----
FROM ${NODE_IMAGE} AS build
WORKDIR /src
ENV TURBO_TELEMETRY_DISABLED=1 NPM_CONFIG_UPDATE_NOTIFIER=false
# Manifests first, so the install layer is reused until a dependency changes. supervisor (npm
# start's process supervisor) and system-tests are development tools, left out by .dockerignore.
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY platform/package.json platform/
COPY domain/package.json domain/
COPY command-api/package.json command-api/
COPY query-api/package.json query-api/
COPY workers/package.json workers/
COPY web/package.json web/
COPY gateway/package.json gateway/
COPY scripts/image-build.mjs scripts/
RUN node scripts/image-build.mjs install
COPY . .
RUN node scripts/image-build.mjs build
# Manifests, built output and production dependencies only; checked (entry points present, no
# development package, every import resolving) before the stage ends.
RUN node scripts/image-build.mjs runtime /out

# ---- runtime: the tree from /out, owned by root and run by the unprivileged `node` user ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /out /app
USER node
EXPOSE 8080 8081 8082 8083 8084
# docker-compose.yml probes each service on its own port; this default fits the gateway.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=6 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "gateway/dist/main.js"]
