#!/usr/bin/env bash
# System tests: the real binary over real sockets and TLS, with real clients (curl, openssl,
# Python ssl, Chromium, zbarimg). Installs what they need when missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
. Tests/lib/debian.sh
need_debian "system tests" curl zbar-tools librsvg2-bin libnss3-tools chromium openssl
python3 -c 'import pytest' 2>/dev/null || pip install -q pytest
command -v schemathesis >/dev/null || pip install -q schemathesis
python3 -c 'import junitparser, playwright' 2>/dev/null || pip install -q junitparser playwright
[ -x .build/debug/probe-server ] || swift build
exec python3 -m pytest -q Tests/system "$@"
