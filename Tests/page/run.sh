#!/usr/bin/env bash
# The page's browser tests: installs what they need, builds the server, runs pytest.
# Usage: Tests/page/run.sh [pytest args]   (PROBE_SCREENSHOTS=1 refreshes docs/screenshots)
set -euo pipefail
cd "$(dirname "$0")/../.."

# Chromium for the unattended runs; WebKitGTK under Xvfb as the WKWebView stand-in and
# QtWebEngine as the Android one (docs/engines.md).
. Tests/lib/needs.sh
need_suite page

# The checkout's own build folder by default, so the test command builds once.
export PROBE_SCRATCH="${PROBE_SCRATCH:-.build}"
swift build --scratch-path "$PROBE_SCRATCH" --product probe-server
PROBE_SERVER_BIN="$(swift build --scratch-path "$PROBE_SCRATCH" --show-bin-path)/probe-server"
export PROBE_SERVER_BIN
exec python3 -m pytest -q Tests/page "$@"
