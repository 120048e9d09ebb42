#!/bin/sh
# The page's browser tests: installs what they need, builds the server, runs pytest.
# Usage: Tests/page/run.sh [pytest args]   (PROBE_SCREENSHOTS=1 refreshes docs/screenshots)
set -eu
cd "$(dirname "$0")/../.."

# Chromium for the unattended runs; WebKitGTK under Xvfb as the WKWebView stand-in (ENGINES.md).
if [ ! -x /usr/bin/chromium ] || ! command -v xvfb-run >/dev/null \
    || ! /usr/bin/python3 -c "import gi; gi.require_version('WebKit2', '4.1')" 2>/dev/null; then
    apt-get update -qq && apt-get install -y -qq chromium xvfb xauth python3-gi gir1.2-webkit2-4.1 >/dev/null
fi
python3 -c "import playwright, esprima, pytest" 2>/dev/null || python3 -m pip install -q playwright esprima pytest
# QtWebEngine (the Android WebView stand-in): without it those tests would only skip.
python3 -c "import PyQt6.QtWebEngineWidgets" 2>/dev/null || python3 -m pip install -q PyQt6 PyQt6-WebEngine

# The checkout's own build folder by default, so the test command builds once.
export PROBE_SCRATCH="${PROBE_SCRATCH:-.build}"
swift build --scratch-path "$PROBE_SCRATCH" --product probe-server
PROBE_SERVER_BIN="$(swift build --scratch-path "$PROBE_SCRATCH" --show-bin-path)/probe-server"
export PROBE_SERVER_BIN
exec python3 -m pytest -q Tests/page "$@"
