#!/usr/bin/env bash
# System tests: the real binary over real sockets and TLS, with real clients (curl, openssl,
# Python ssl, Chromium, zbarimg). Installs what they need when missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
need=()
for pkg in curl zbar-tools librsvg2-bin libnss3-tools chromium openssl; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "system tests: installing ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq "${need[@]}" >/dev/null
fi
python3 -c 'import pytest' 2>/dev/null || pip install -q pytest
command -v schemathesis >/dev/null || pip install -q schemathesis
python3 -c 'import junitparser, playwright' 2>/dev/null || pip install -q junitparser playwright
[ -x .build/debug/probe-server ] || swift build
exec python3 -m pytest -q Tests/system "$@"
