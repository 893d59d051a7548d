#!/usr/bin/env bash
# Installs the workspace (Node 24 comes from the npm registry's `node` package into node_modules/.bin).
# Reinstalls only when package-lock.json changed since the last install.
set -euo pipefail
cd "$(dirname "$0")/../.."
stamp=node_modules/.install-stamp
if [ ! -x node_modules/.bin/node ] || [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  echo "[install] npm ci (Node 24 and the workspace's dependencies)" >&2
  npm ci --no-audit --no-fund --loglevel=error
  touch "$stamp"
fi
node_modules/.bin/node -e 'const [major] = process.versions.node.split("."); if (major !== "24") { console.error(`[install] expected Node 24, got ${process.version}`); process.exit(1); }'
