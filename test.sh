#!/usr/bin/env bash
# The test command: installs what the tests need, then runs every suite.
# `.ci/run` calls exactly this. Usage: ./test.sh [swift test filter]
set -euo pipefail
cd "$(dirname "$0")"

# C libraries the package links (Debian names). Installed only when missing.
. Tests/lib/debian.sh
need_debian "test.sh" libssl-dev libsqlite3-dev zlib1g-dev pkg-config

if [ $# -gt 0 ]; then
  exec swift test --filter "$1"
fi
swift build --build-tests
swift test
# The real binary with real clients: TLS, certificates, QR codes, signals, OpenAPI.
bash Tests/system/run.sh
# The page in real engines (Chromium, WebKitGTK, QtWebEngine) against the real server.
sh Tests/page/run.sh
# Every misconfiguration of the matrix in WebKitGTK, QtWebEngine and Chromium hosts (issue 7).
bash Tests/engines/run.sh
# Hostile input and faults: fuzzing, h11 differential, smuggling, slowloris, kill -9, full disk, TLS.
bash Tests/reliability/run.sh
echo "test.sh: every suite passed"
