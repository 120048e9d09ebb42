#!/usr/bin/env bash
# The engine matrix (issue 7): installs what it needs when missing, builds the server, and
# runs every host configuration through the page in WebKitGTK, QtWebEngine and Chromium.
# Usage: Tests/engines/run.sh [pytest args, e.g. -k qt-correct]
# Env: PROBE_SERVER (binary; default .build/debug/probe-server, built when missing),
#      ENGINES_JOBS (parallel hosts; default the cores), ENGINES_OUT (logs and diffs; default a new /tmp/engines-out-*),
#      ENGINES_SCREENSHOTS=docs/screenshots to refresh the committed screenshots.
set -euo pipefail
cd "$(dirname "$0")/../.."

# python3-gi-cairo: the WebKit host's screenshot is a cairo surface.
. Tests/lib/debian.sh
need_debian "engines" xvfb xauth python3-gi python3-gi-cairo gir1.2-webkit2-4.1 chromium openssl
# The Qt and Chromium hosts and the runner use this python3; the WebKit host runs on the
# system /usr/bin/python3, where PyGObject lives.
python3 - <<'EOF' 2>/dev/null || pip install -q PyQt6 PyQt6-WebEngine playwright pytest
import PyQt6.QtWebEngineCore, playwright.sync_api, pytest
EOF

if [ -z "${PROBE_SERVER:-}" ]; then
  swift build >/dev/null
  export PROBE_SERVER="$PWD/.build/debug/probe-server"
fi
exec python3 -m pytest -q -p no:cacheprovider Tests/engines/test_matrix.py "$@"
