# Parlor's image: the web app built in one stage, then a runtime stage with the server's production
# dependencies and ffmpeg only. `docker compose up` (compose.yaml) runs it with PostgreSQL and Redis;
# alone it runs on the embedded database in the /data volume. Every variable of the README's table
# works unchanged.
#
# BASE_IMAGE is any Debian-based image with Node.js 20.19+ and npm on PATH; scripts/docker-test.sh
# builds a stand-in from Debian's packages where no registry is reachable.
ARG BASE_IMAGE=node:20-bookworm-slim

# The workspaces' manifests alone: each stage installs from them before it copies any source, so a
# change of the sources reuses the installed layers.
FROM ${BASE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

FROM ${BASE_IMAGE} AS web
WORKDIR /app
COPY --from=manifests /app ./
RUN npm ci --workspace apps/web --workspace packages/contract --no-audit --no-fund
COPY packages/contract packages/contract
COPY apps/web apps/web
RUN npm run build -w apps/web

FROM ${BASE_IMAGE} AS runtime
# ffmpeg reads videos' durations and makes their posters; without it videos still upload.
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ffmpeg \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=manifests /app ./
RUN npm ci --omit=dev --workspace apps/server --workspace packages/contract --no-audit --no-fund \
  && npm cache clean --force
COPY packages/contract packages/contract
COPY apps/server/tsconfig.json apps/server/
COPY apps/server/src apps/server/src
COPY --from=web /app/apps/web/dist apps/web/dist

# A user of its own, so that the server never runs as root; /data is the only place it writes.
RUN groupadd --system --gid 10001 parlor \
  && useradd --system --uid 10001 --gid parlor --home-dir /app --no-create-home parlor \
  && mkdir /data && chown parlor:parlor /data
VOLUME /data
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
USER parlor
EXPOSE 8080

# /healthz answers 200 while the process serves; node's own fetch, as the image has no curl.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]

# node itself as the process Docker signals: it drains requests on SIGTERM and exits.
CMD ["node", "--max-semi-space-size=64", "--import", "tsx", "apps/server/src/main.ts"]
