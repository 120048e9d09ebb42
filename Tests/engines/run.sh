#!/usr/bin/env bash
# The engine matrix (docs/engines.md): installs what it needs when missing, builds the server, and
# runs every host configuration through the page in WebKitGTK, QtWebEngine and Chromium.
# Usage: Tests/engines/run.sh [pytest args, e.g. -k qt-correct]
# Env: PROBE_SERVER (binary; default .build/debug/probe-server, built when missing),
#      ENGINES_JOBS (parallel hosts; default the cores), ENGINES_OUT (logs and diffs; default a new /tmp/engines-out-*),
#      ENGINES_SCREENSHOTS=docs/screenshots to refresh the committed screenshots.
set -euo pipefail
cd "$(dirname "$0")/../.."

# The Qt and Chromium hosts and the runner use this python3; the WebKit host runs on the
# system /usr/bin/python3, where PyGObject lives.
. Tests/lib/needs.sh
need_suite engines

if [ -z "${PROBE_SERVER:-}" ]; then
  swift build >/dev/null
  export PROBE_SERVER="$PWD/.build/debug/probe-server"
fi
exec python3 -m pytest -q -p no:cacheprovider Tests/engines/test_matrix.py "$@"
