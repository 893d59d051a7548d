#!/usr/bin/env bash
# The whole platform on the embedded default: no external server, data kept in .data/ between runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash deploy/scripts/install.sh
export PATH="$PWD/node_modules/.bin:$PATH"
echo "[start] building the console" >&2
npm run build --silent -w console >/dev/null
exec node services/src/cli.ts start
