#!/bin/sh
# Every npm script runs through this: `sh scripts/with-node.sh <command> [args…]`.
# Zhol needs Node 22.12+, and a newcomer's machine may have an older one on PATH (this kind ships Node 20).
# So that `npm install && npm start` and `npm test` work as the README says with no step before them, the
# scripts bring their own Node: ensure-node.sh finds Node 24 in the cache or installs it from the npm registry
# package node-linux-<arch>@24, puts it first on PATH, and the command runs under it — and so does every
# `node`, `npm` and tool (astro, vitest, playwright, tsx) that the command starts in turn.
# The native modules (better-sqlite3, @node-rs/argon2) ship N-API prebuilds, so they load under any Node ≥ 22.
export ASTRO_TELEMETRY_DISABLED=1
. "$(dirname "$0")/ensure-node.sh" || exit 1
if ! node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)' 2>/dev/null; then
  echo "Zhol needs Node 22.12+ and could not install it (see the message above). Install Node 22.12+ and retry." >&2
  exit 1
fi
exec "$@"
