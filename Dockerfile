# syntax=docker/dockerfile:1
# FoodBridge: one image for every instance. docs/deploy.md walks through running it with compose.yaml.
# Stage 1 builds the PWA and the server (one JavaScript file, sync-server/dist) with every dependency; stage 2 holds
# the server's production dependencies, its sources (migrations and the CLIs, run by tsx, are read from there), the
# built server and the built app, and runs as the unprivileged `node` user.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# Manifests first: the dependency layer is reused while only source files change.
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY sync-server/package.json sync-server/
COPY pwa/package.json pwa/
# The root's postinstall applies patches/ (patch-package) to the installed dependencies: postgres.js's fixes, ADR 015.
COPY patches/ patches/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json ./
COPY shared/ shared/
COPY pwa/ pwa/
COPY sync-server/ sync-server/
RUN npm run build --workspace pwa && npm run build --workspace sync-server

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=8787 \
    HOST=0.0.0.0 \
    PWA_DIST=/app/pwa/dist \
    LOG_FORMAT=json \
    MALLOC_MMAP_THRESHOLD_=4194304
# MALLOC_MMAP_THRESHOLD_: glibc gives large blocks (password hashing's 16 MB) back instead of keeping them
# (sync-server/scripts/runtime-settings.mjs, ADR 014).
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY sync-server/package.json sync-server/
COPY pwa/package.json pwa/
# patch-package, which the root's postinstall runs, is a dev dependency and not installed here: the postinstall is
# dropped, and postgres.js comes patched from the build stage (the same locked version; ADR 015).
RUN npm pkg delete scripts.postinstall \
    && npm ci --omit=dev --no-audit --no-fund --workspace sync-server --workspace shared \
    && npm cache clean --force \
    && mkdir -p /app/data && chown node:node /app/data
COPY --from=build /app/node_modules/postgres node_modules/postgres
COPY tsconfig.base.json tsconfig.json ./
COPY shared/ shared/
COPY sync-server/ sync-server/
COPY --from=build /app/sync-server/dist sync-server/dist
COPY --from=build /app/pwa/dist pwa/dist
USER node
EXPOSE 8787
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8787)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM reaches node directly (exec form): the server finishes its requests in flight and exits within 10 s.
STOPSIGNAL SIGTERM
# The built server, not tsx: ~80 MB less resident (sync-server/scripts/build.mjs). V8's thread pool sized to the cores
# (sync-server/scripts/runtime-settings.mjs, ADR 014).
CMD ["node", "--v8-pool-size=0", "sync-server/dist/index.mjs"]
