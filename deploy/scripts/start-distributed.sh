#!/usr/bin/env bash
# The platform in the distributed profile against real PostgreSQL, Redis, Kafka and Elasticsearch on loopback
# (started here if they are not running; stop them with `bash deploy/infra/infra.sh down`).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash deploy/scripts/install.sh
bash deploy/infra/infra.sh up
export PATH="$PWD/node_modules/.bin:$PATH"
npm run build --silent -w console >/dev/null
export PROFILE=distributed
exec node services/src/cli.ts start
