# The portal as one image: `docker build -t portal .` then run it with DATABASE_URL, REDIS_URL and
# S3_* set (compose.yaml shows the whole topology). Without DATABASE_URL it runs the embedded
# PostgreSQL in /data, like `npm start`.

# 1. Build: every dependency, then contracts, server and web app.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/contracts packages/contracts
COPY apps/server apps/server
COPY apps/web apps/web
RUN npm run build

# 2. Production dependencies of the server only (no build tools, test tools or web libraries).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --workspace @portal/server --no-audit --no-fund

# 3. Runtime: the built files and production dependencies, run as the unprivileged `node` user.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8000 \
    DATA_DIR=/data \
    SHUTDOWN_DRAIN=5s
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=deps /app/package.json package.json
COPY --from=build /app/packages/contracts/package.json packages/contracts/package.json
COPY --from=build /app/packages/contracts/dist packages/contracts/dist
COPY --from=build /app/apps/server/package.json apps/server/package.json
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 8000
# Liveness only (the process answers); load balancers use /readyz for readiness.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM: /readyz turns 503 for SHUTDOWN_DRAIN, new connections are refused, requests in flight finish.
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.js"]
