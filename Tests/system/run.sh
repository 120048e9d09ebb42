#!/usr/bin/env bash
# System tests: the real binary over real sockets and TLS, with real clients (curl, openssl,
# Python ssl, Chromium, zbarimg). Installs what they need when missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
. Tests/lib/needs.sh
need_suite system
[ -x .build/debug/probe-server ] || swift build
exec python3 -m pytest -q Tests/system "$@"
