#!/usr/bin/env bash
# `npm test`: everything a change must pass, in order. Every stage runs even after an
# earlier one failed, so one run shows all that is broken; the exit status says whether all passed.
# Arguments pick stages (`npm test -- api e2e`); none means all of them.
# The last line reads `N passed, M failed`: tests counted from the runners' JSON reports, plus
# typecheck and lint as one check each.
set -euo pipefail
cd "$(dirname "$0")/.."

stages=("$@")
[ ${#stages[@]} -eq 0 ] && stages=(typecheck lint unit api e2e)

reports="$(mktemp -d)"
trap 'rm -rf "$reports"' EXIT
passed=0
failed=0
summary=()

header() { printf '\n==== %s ====\n\n' "$1"; }

# count STAGE EXIT_CODE PASSED FAILED: adds a stage's figures; a failing stage whose report names no
# failed test (a crash, a file that did not load, a server that did not start) counts as one failure.
count() {
  local stage=$1 code=$2 p=$3 f=$4
  [ "$code" -ne 0 ] && [ "$f" -eq 0 ] && f=1
  passed=$((passed + p))
  failed=$((failed + f))
  summary+=("$(printf '%-10s %s passed, %s failed' "$stage" "$p" "$f")")
}

# Reads passed and failed test counts from a vitest or Playwright JSON report ("0 0" if missing).
figures() {
  node -e '
    const fs = require("node:fs");
    let r = {};
    try { r = JSON.parse(fs.readFileSync(process.argv[1], "utf8")); } catch {}
    const s = r.stats;
    const p = s ? s.expected + s.flaky : (r.numPassedTests ?? 0);
    const f = s ? s.unexpected : (r.numFailedTests ?? 0);
    console.log(p, f);
  ' "$1"
}

check() {
  local stage=$1 code=0
  shift
  header "$stage"
  "$@" || code=$?
  if [ "$code" -eq 0 ]; then count "$stage" 0 1 0; else count "$stage" "$code" 0 1; fi
}

tests() {
  local stage=$1 code=0 json="$reports/$1.json"
  shift
  header "$stage"
  npx vitest run "$@" --passWithNoTests --reporter=default --reporter=json --outputFile.json="$json" || code=$?
  read -r p f < <(figures "$json")
  count "$stage" "$code" "$p" "$f"
}

e2e() {
  local code=0 json="$reports/e2e.json"
  header e2e
  if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
    echo "e2e needs Chromium at ${CHROMIUM_PATH:-/usr/bin/chromium}: apt-get install -y chromium (or set CHROMIUM_PATH)."
    count e2e 1 0 1
    return
  fi
  E2E_JSON="$json" npm run test:e2e || code=$?
  read -r p f < <(figures "$json")
  count e2e "$code" "$p" "$f"
}

for stage in "${stages[@]}"; do
  case "$stage" in
    typecheck) check typecheck npm run typecheck ;;
    lint) check lint npm run lint ;;
    unit) tests unit --project contract --project contract-browser --project server-unit --project web ;;
    api) tests api --project server-api ;;
    e2e) e2e ;;
    *)
      echo "unknown stage: $stage (typecheck, lint, unit, api, e2e)" >&2
      exit 2
      ;;
  esac
done

header summary
printf '%s\n' "${summary[@]}"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
