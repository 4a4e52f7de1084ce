# syntax=docker/dockerfile:1
# One image for every service; docker-compose.yml picks the entry point per service.

ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: every dependency, then turbo builds all workspaces in dependency order ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV TURBO_TELEMETRY_DISABLED=1
# Manifests first, so the install layer is reused until a dependency changes. Only the production
# workspaces: supervisor (npm start's process supervisor) and system-tests are development tools,
# left out of the build context by .dockerignore.
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY platform/package.json platform/
COPY domain/package.json domain/
COPY command-api/package.json command-api/
COPY query-api/package.json query-api/
COPY workers/package.json workers/
COPY web/package.json web/
COPY gateway/package.json gateway/
RUN npm ci
COPY . .
RUN npm run build

# ---- runtime: production dependencies and built output only ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY platform/package.json platform/
COPY domain/package.json domain/
COPY command-api/package.json command-api/
COPY query-api/package.json query-api/
COPY workers/package.json workers/
COPY web/package.json web/
COPY gateway/package.json gateway/
# Workspaces are linked into node_modules/@concierge, and their package.json exports point at dist/.
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /app/contracts/dist contracts/dist
COPY --from=build /app/platform/dist platform/dist
COPY --from=build /app/domain/dist domain/dist
COPY --from=build /app/command-api/dist command-api/dist
COPY --from=build /app/query-api/dist query-api/dist
COPY --from=build /app/workers/dist workers/dist
COPY --from=build /app/web/dist web/dist
COPY --from=build /app/gateway/dist gateway/dist
# Files stay owned by root: the service user can read the app but not change it.
USER node
EXPOSE 8080 8081 8082
CMD ["node", "gateway/dist/main.js"]
