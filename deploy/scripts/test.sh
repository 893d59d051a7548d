#!/usr/bin/env bash
# Installs what the tests need, starts PostgreSQL, Redis, Kafka and Elasticsearch on loopback, runs every layer
# (static checks, unit, integration against the real servers, browser end-to-end), stops what it started and prints
# one summary. Exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
started=$SECONDS
bash deploy/scripts/install.sh || exit 1
export PATH="$root/node_modules/.bin:$PATH"
results=$root/test-results
rm -rf "$results" && mkdir -p "$results"

# The browser tests drive Debian's Chromium headless shell (the same engine without the desktop browser's processes:
# 12 % less CPU over the same specs), and the full chromium for the push spec (the headless shell has no Push API).
if ! command -v chromium-headless-shell >/dev/null || ! command -v chromium >/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    echo "[test] installing Debian's chromium and chromium-headless-shell for the browser tests" >&2
    apt-get update -qq >/dev/null &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null
  fi
  if ! command -v chromium >/dev/null; then
    echo "[test] chromium missing: install Debian's chromium and chromium-headless-shell (apt-get install ...)" >&2
    exit 1
  fi
fi

# The PDF report tests read their PDFs with poppler (pages as PNG in test-results/pdf-pages/, text, images, fonts):
# they need poppler-utils.
if ! command -v pdftoppm >/dev/null && [ "$(id -u)" = 0 ]; then
  echo "[test] installing Debian's poppler-utils for the PDF pages" >&2
  apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null || true
fi

# The probe agent's tests run the system's ping (iputils) and traceroute, and make an HTTPS server's certificate with
# openssl; its throughput benchmark compares with curl.
missing=""
for tool in ping:iputils-ping traceroute:traceroute openssl:openssl curl:curl; do
  command -v "${tool%%:*}" >/dev/null || missing="$missing ${tool#*:}"
done
if [ -n "$missing" ] && [ "$(id -u)" = 0 ]; then
  echo "[test] installing Debian's$missing for the probe agent's tests" >&2
  apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null || true
fi

# The observability test checks the alert rules and the dashboard's queries with promtool (Debian's prometheus package;
# its service is not started).
if ! command -v promtool >/dev/null && [ "$(id -u)" = 0 ]; then
  echo "[test] installing Debian's prometheus for promtool" >&2
  apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus >/dev/null || true
fi

printf 'install (npm ci, Debian packages: each only when missing)\t%s\tok\n' "$(( SECONDS - started ))" >> "$results/steps.tsv"

# The servers start while the static checks and the unit layer run (neither needs them): their JVMs spend most of
# those 40 s starting up. Their output goes to test-results/servers-up.log, printed before the integration layer.
trap 'wait "$servers_pid" 2>/dev/null; bash deploy/infra/infra.sh down' EXIT
servers_started=$SECONDS
(
  bash deploy/infra/infra.sh up && bash deploy/infra/infra.sh status &&
    printf 'servers started (infra.sh up, beside the static checks)\t%s\tok\n' "$(( SECONDS - servers_started ))" \
      >> "$results/steps.tsv"
) > "$results/servers-up.log" 2>&1 &
servers_pid=$!

failed_steps=()
# The machine's CPU ticks so far, busy and all (/proc/stat's first line; idle and iowait are not busy): a step that kept
# both cores busy can only be made faster by spending less CPU, one that did not by waiting less.
cpu_ticks() { awk '/^cpu /{ all = 0; for (i = 2; i <= NF; i++) all += $i; print all - $5 - $6, all; exit }' /proc/stat; }
step() { # name command...: runs it, keeps its wall time, outcome and how busy the machine was in steps.tsv
  local name=$1 status=ok step_started=$SECONDS busy_before all_before busy_after all_after; shift
  read -r busy_before all_before < <(cpu_ticks)
  echo; echo "══ $name ══"
  "$@" || { failed_steps+=("$name"); status=failed; }
  read -r busy_after all_after < <(cpu_ticks)
  printf '%s\t%s\t%s\t%s\n' "$name" "$(( SECONDS - step_started ))" "$status" \
    "$(( (busy_after - busy_before) * 100 / (all_after - all_before + 1) ))" >> "$results/steps.tsv"
}
# Each Vitest layer also writes its files' times and what each file printed (test-results/<layer>/).
vitest_layer() { # layer projects...
  local layer=$1; shift
  NQ_TEST_REPORT_DIR="$results/$layer" vitest run "$@" --reporter=default \
    --reporter=./deploy/scripts/file-times-reporter.ts --reporter=json --outputFile.json="$results/$layer.json"
}

# The static checks are single-threaded: the services' typecheck (the longest) runs beside the others, one after the
# other; each keeps its output together and its own line in steps.tsv.
beside() { # name command...: as step, in the background; its output printed when it ends, its outcome its status
  local name=$1 out; shift
  out=$(mktemp)
  (
    before=${#failed_steps[@]}
    step "$name" "$@" >"$out" 2>&1
    cat "$out"; rm -f "$out"
    [ "${#failed_steps[@]}" = "$before" ]
  ) &
}
# Types are checked by TypeScript 7, the native compiler (`typescript-native`; services 17 → 7 s, console 18 → 8 s
# here). TypeScript 5 stays installed as `typescript`: libraries' peer dependencies and the catalogue test read its
# compiler API, which TypeScript 7 no longer has.
tsc_native=$root/node_modules/typescript-native/bin/tsc
beside "typecheck (tsc)" "$tsc_native" -p tsconfig.json
services_typecheck=$!
step "lint (biome)" biome check .
step "typecheck console (tsc)" "$tsc_native" -p console/tsconfig.json
step "typecheck browser tests (tsc)" "$tsc_native" -p tests/e2e/tsconfig.json
step "typecheck k6 scenarios (tsc)" "$tsc_native" -p load-tests/k6/tsconfig.json
step "openapi document current" node services/src/cli.ts openapi --check
wait "$services_typecheck" || failed_steps+=("typecheck (tsc)")
# The unit layer and the console build need no server: they run beside the integration layer, whose files often wait
# (for their servers, a read model, a broker they stopped). In whole fresh-clone runs the three took 504 and 577 s
# together against 290 + 309 s one after the other (the servers still starting beside the unit layer); each prints
# its output as it ends. The fault harness runs alone after all three: its recovery bounds are set for a machine doing
# nothing else.
beside "unit tests (vitest, beside the integration layer)" vitest_layer unit --project unit --project components
unit_tests=$!
beside "console build (vite, beside the integration layer)" npm run build --silent -w console
console_build=$!
echo; echo "══ servers (started beside the static checks) ══"
if wait "$servers_pid"; then
  cat "$results/servers-up.log"
  step "integration tests (vitest, real servers)" vitest_layer integration --project integration
  wait "$unit_tests" || failed_steps+=("unit tests (vitest, beside the integration layer)")
  wait "$console_build" || failed_steps+=("console build (vite, beside the integration layer)")
  step "fault harness, short form (vitest, alone)" vitest_layer faults --project faults
else
  cat "$results/servers-up.log"
  printf 'servers started (infra.sh up)\t%s\tfailed\n' "$(( SECONDS - servers_started ))" >> "$results/steps.tsv"
  failed_steps+=("servers started (infra.sh up): the integration layer and the fault harness did not run")
  wait "$unit_tests" || failed_steps+=("unit tests (vitest, beside the integration layer)")
  wait "$console_build" || failed_steps+=("console build (vite, beside the integration layer)")
fi
step "end-to-end tests (playwright, chromium)" playwright test -c tests/playwright.config.ts

echo
node deploy/scripts/summarize-tests.ts "$results" "$(( SECONDS - started ))" "${failed_steps[@]}"
