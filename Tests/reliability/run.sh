#!/usr/bin/env bash
# The reliability suites (docs/reliability.md): fuzzing, parser differential, smuggling, slowloris,
# durability, bad input, TLS, the team instance (PostgreSQL, three instances, nginx). Installs
# what it needs (Debian, PyPI), builds the server in
# release mode, and runs everything; exits non-zero if anything fails.
# Usage: Tests/reliability/run.sh [pytest args...]
#   FUZZ_SECONDS  seconds per fuzz target (default 60; 0 skips fuzzing)
#   RELIABILITY_BUILD  scratch path of the release build (default /tmp/probe-reliability-build)
# Runs as root (it mounts a tmpfs for the full-disk test); loopback only.
set -euo pipefail
cd "$(dirname "$0")/../.."

. Tests/lib/needs.sh
need_suite reliability

build=${RELIABILITY_BUILD:-/tmp/probe-reliability-build}
echo "reliability: building probe-server (release)"
swift build -c release --product probe-server --scratch-path "$build" 2>&1 | tail -1
export PROBE_SERVER_BIN="$build/release/probe-server"

status=0
seconds=${FUZZ_SECONDS:-60}
if [ "$seconds" != 0 ]; then
  fuzz/run "$seconds" || status=1
fi
python3 -m pytest -q -p no:cacheprovider -p no:warnings Tests/reliability "$@" || status=1
exit $status
