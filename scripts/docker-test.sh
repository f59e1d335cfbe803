#!/usr/bin/env bash
# Builds Parlor's image and proves it works: on this machine's PostgreSQL and Redis, and on the
# embedded database in its volume, a container turns healthy, a person signs up, sends a message and
# uploads a photo, and after a restart finds both again; a backup is taken while it serves and
# restored into an empty volume; the server runs as a non-root user; the compose file validates.
#
# Where no image registry is reachable, the base image is a stand-in made from Debian's packages
# (debootstrap minbase bookworm) with this machine's Node.js and npm in /usr/local and its CA bundle,
# so npm and apt work from inside the build. It is kept, tagged by what went into it, for the next
# run. DOCKER_TEST_BASE=IMAGE uses an image of one's own instead (node:20-bookworm-slim, say).
#
# Needs root (to start dockerd when it is not running and to debootstrap) or a running Docker the
# user may use. Where Docker cannot run at all it says so in one line and exits 0.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "docker-test: $*"; }
skip() {
  say "skipped: $*"
  exit 0
}

command -v docker >/dev/null || skip 'no docker command (apt-get install docker.io docker-compose)'

work=$(mktemp -d /tmp/parlor-docker-test.XXXXXX)
run_id=$(basename "$work" | tr -dc 'a-z0-9' | tr 'A-Z' 'a-z' | tail -c 7)
started_dockerd=''
containers=()
volumes=()
databases=()

cleanup() {
  set +e
  for c in "${containers[@]}"; do docker rm -f "$c" >/dev/null 2>&1; done
  for v in "${volumes[@]}"; do docker volume rm -f "$v" >/dev/null 2>&1; done
  for d in "${databases[@]}"; do pg_admin "DROP DATABASE IF EXISTS $d WITH (FORCE)" >/dev/null 2>&1; done
  docker image prune -f >/dev/null 2>&1
  if [ -n "$started_dockerd" ]; then
    kill "$started_dockerd" 2>/dev/null
    wait "$started_dockerd" 2>/dev/null
  fi
  rm -rf "$work"
}
trap cleanup EXIT

# ---- Docker itself: start the daemon when it is installed but not running.
if ! docker info >/dev/null 2>&1; then
  command -v dockerd >/dev/null || skip 'Docker is not running and dockerd is not installed'
  [ "$(id -u)" -eq 0 ] || skip 'Docker is not running and starting dockerd needs root'
  say 'starting dockerd'
  dockerd >"$work/dockerd.log" 2>&1 &
  started_dockerd=$!
  for _ in $(seq 60); do
    docker info >/dev/null 2>&1 && break
    kill -0 "$started_dockerd" 2>/dev/null || break
    sleep 0.5
  done
  if ! docker info >/dev/null 2>&1; then
    tail -5 "$work/dockerd.log"
    skip 'dockerd does not start on this machine (see its last lines above)'
  fi
fi

# ---- The base image.
base="${DOCKER_TEST_BASE:-}"
if [ -z "$base" ]; then
  node_bin=$(readlink -f "$(command -v node)")
  npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
  ca_bundle=/etc/ssl/certs/ca-certificates.crt
  mirror=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)
  mirror=${mirror:-http://deb.debian.org/debian}
  key=$( (
    "$node_bin" --version
    sed -n 's/"version": *"\(.*\)",/\1/p' "$npm_dir/package.json" | head -1
    echo "$mirror"
    sha256sum "$ca_bundle"
  ) | sha256sum | cut -c1-12)
  base="parlor-standin-base:$key"
  if docker image inspect "$base" >/dev/null 2>&1; then
    say "reusing the stand-in base image $base"
  else
    command -v debootstrap >/dev/null || skip 'no debootstrap to make a base image (apt-get install debootstrap)'
    [ "$(id -u)" -eq 0 ] || skip 'making a base image with debootstrap needs root'
    say "making the stand-in base image $base from $mirror (about 2 minutes)"
    root="$work/root"
    debootstrap --variant=minbase bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 || {
      tail -20 "$work/debootstrap.log"
      exit 1
    }
    install -D -m 0755 "$node_bin" "$root/usr/local/bin/node"
    mkdir -p "$root/usr/local/lib/node_modules"
    cp -a "$npm_dir" "$root/usr/local/lib/node_modules/npm"
    ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
    ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
    # Its own path: installing ca-certificates in a build would rewrite the system bundle.
    install -D -m 0644 "$ca_bundle" "$root/usr/local/share/parlor-standin/ca.pem"
    rm -rf "$root/var/cache/apt/archives/"*.deb "$root/var/lib/apt/lists/"*
    tar -C "$root" -c . | docker import \
      --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
      --change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/parlor-standin/ca.pem' \
      - "$base" >/dev/null
    rm -rf "$root"
  fi
fi

# ---- Parlor's image.
image="parlor-test:latest"
say "building $image on $base"
build_start=$SECONDS
docker build --network host --build-arg "BASE_IMAGE=$base" -t "$image" . >"$work/build.log" 2>&1 || {
  tail -40 "$work/build.log"
  exit 1
}
say "built in $((SECONDS - build_start)) s ($(docker image inspect -f '{{.Size}}' "$image" | awk '{printf "%d MB", $1/1e6}'))"

# pg_admin SQL: one statement as PostgreSQL's admin, through the project's own client library.
pg_admin() {
  node --input-type=module -e '
    import pg from "pg";
    const c = new pg.Client(process.env.PG_ADMIN ?? "postgres://postgres@127.0.0.1:5432/postgres");
    await c.connect();
    try { await c.query(process.argv[1]); } finally { await c.end(); }
  ' "$1"
}

free_port() {
  node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'
}

wait_healthy() {
  local c=$1
  for _ in $(seq 120); do
    case "$(docker inspect -f '{{.State.Health.Status}}' "$c" 2>/dev/null)" in
      healthy) return 0 ;;
    esac
    if [ "$(docker inspect -f '{{.State.Running}}' "$c")" != true ]; then
      docker logs --tail 30 "$c"
      say "$c stopped before it turned healthy"
      return 1
    fi
    sleep 1
  done
  docker logs --tail 30 "$c"
  say "$c did not turn healthy in 120 s"
  return 1
}

# check_instance NAME ENV...: a container of the image with these variables, through a restart.
check_instance() {
  local name="parlor-test-$run_id-$1"
  shift
  local port
  port=$(free_port)
  containers+=("$name")
  volumes+=("$name")
  # A short health interval here only; the image's own is for production.
  docker run -d --name "$name" --network host -v "$name:/data" \
    --health-interval 2s --health-start-period 120s \
    -e PORT="$port" -e PAYMENT_PROVIDER=sandbox -e LOG_LEVEL=warn "$@" "$image" >/dev/null
  wait_healthy "$name"
  say "$name is healthy on port $port"

  local uid
  uid=$(docker exec "$name" sh -c "awk '/^Uid:/ {print \$2}' /proc/1/status")
  if [ "$uid" = 0 ]; then
    say "$name runs its server as root"
    return 1
  fi
  say "$name runs its server as uid $uid"

  node scripts/docker-smoke.mjs "http://127.0.0.1:$port" write "$work/$name.json"
  docker restart -t 30 "$name" >/dev/null
  wait_healthy "$name"
  node scripts/docker-smoke.mjs "http://127.0.0.1:$port" read "$work/$name.json"

  # A backup taken inside the running container (on the embedded database, through the server's
  # socket in /data), as an operator would take it.
  docker exec "$name" npm run --silent backup -- /data/docker-test-backup.tar >"$work/$name-backup.log" 2>&1 || {
    cat "$work/$name-backup.log"
    say "$name: npm run backup failed"
    return 1
  }
  docker exec "$name" test -s /data/docker-test-backup.tar
  say "$name: npm run backup wrote an archive while it served"
}

# check_restore NAME: the embedded instance's archive restored into a new volume by the image's own
# npm run restore, and a container on that volume that has the person, the message and the photo.
check_restore() {
  local from="parlor-test-$run_id-$1"
  local name="$from-restored"
  containers+=("$name")
  volumes+=("$name")
  docker run --rm --network host -v "$from:/old:ro" -v "$name:/data" -e PAYMENT_PROVIDER=sandbox "$image" \
    npm run --silent restore -- /old/docker-test-backup.tar >"$work/$name.log" 2>&1 || {
    cat "$work/$name.log"
    say "$name: npm run restore failed"
    return 1
  }
  local port
  port=$(free_port)
  docker run -d --name "$name" --network host -v "$name:/data" --health-interval 2s \
    --health-start-period 120s -e PORT="$port" -e PAYMENT_PROVIDER=sandbox -e LOG_LEVEL=warn \
    "$image" >/dev/null
  wait_healthy "$name"
  node scripts/docker-smoke.mjs "http://127.0.0.1:$port" read "$work/$from.json"
  say "$name: restored from the backup into an empty volume"
}

# answers HOST PORT: whether something accepts TCP connections there.
answers() {
  node -e '
    const s = require("node:net").connect(Number(process.argv[2]), process.argv[1]);
    s.setTimeout(2000, () => process.exit(1));
    s.on("connect", () => process.exit(0)).on("error", () => process.exit(1));
  ' "$1" "$2"
}

if answers 127.0.0.1 5432 && answers 127.0.0.1 6379; then
  db="parlor_docker_$run_id"
  databases+=("$db")
  pg_admin "CREATE DATABASE $db"
  check_instance postgres \
    -e DATABASE_URL="postgres://postgres@127.0.0.1:5432/$db" \
    -e REDIS_URL="${DOCKER_TEST_REDIS_URL:-redis://127.0.0.1:6379/9}" \
    -e REDIS_PREFIX="parlor-docker-$run_id:"
else
  say 'PostgreSQL or Redis does not answer on 127.0.0.1: the container runs on the embedded database only'
fi
check_instance embedded
check_restore embedded

# ---- The compose file, with and without its S3 profile.
if docker compose version >/dev/null 2>&1; then
  compose=(docker compose)
elif command -v docker-compose >/dev/null; then
  compose=(docker-compose)
else
  say 'no docker compose to validate compose.yaml with (apt-get install docker-compose)'
  exit 1
fi
"${compose[@]}" -f compose.yaml config -q
"${compose[@]}" -f compose.yaml --profile s3 config -q
say 'compose.yaml validates'
say 'passed'
