#!/usr/bin/env bash
# The MCP integration suite: the official TypeScript SDK client (@modelcontextprotocol/sdk,
# pinned by tests/mcp/package-lock.json) against `seam mcp`.
#
#     tests/mcp/run.sh [SEAM_BINARY]
#
# Installs the pinned SDK into tests/mcp/node_modules with `npm ci` when it is not there yet
# (node and npm come from scripts/deps.sh). When the npm registry cannot be reached the suite
# says so and counts nothing: the only reason it may skip. Ends with "N passed, N failed".
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
bin=$(cd "$(dirname "${1:-build/seam}")" && pwd)/$(basename "${1:-build/seam}")
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	echo "mcp: node or npm is missing (scripts/deps.sh installs them)"
	echo "0 passed, 1 failed"
	exit 1
fi
stamp=$here/node_modules/.seam-lock
if ! cmp -s "$here/package-lock.json" "$stamp" 2>/dev/null; then
	log=$(mktemp)
	if ! (cd "$here" && npm ci --no-audit --no-fund --ignore-scripts >"$log" 2>&1); then
		if grep -qiE 'ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|network|fetch failed' "$log"; then
			sed 's/^/    npm: /' "$log" | tail -n 5
			echo "mcp: skipped: the npm registry cannot be reached to install the pinned MCP SDK"
			rm -f "$log"
			echo "0 passed, 0 failed"
			exit 0
		fi
		sed 's/^/    npm: /' "$log" | tail -n 20
		rm -f "$log"
		echo "mcp: npm ci failed"
		echo "0 passed, 1 failed"
		exit 1
	fi
	rm -f "$log"
	cp "$here/package-lock.json" "$stamp"
fi
cd "$here/../.." && timeout 300 node "$here/client.mjs" "$bin"
