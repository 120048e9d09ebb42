#!/usr/bin/env bash
# Builds the parser harness (the parser's sources, as the fuzz target lists them, plus a
# main that reads framed requests on stdin), as one module; its `package` names need a package
# name. Usage: build.sh OUTPUT
set -euo pipefail
cd "$(dirname "$0")/../../.."
out=${1:?output path}
mapfile -t srcs < <(grep -v '^\s*$' fuzz/http-request/sources)
swiftc -O -parse-as-library -module-name ParserHarness -package-name probe_server \
  Tests/reliability/parser-harness/Harness.swift "${srcs[@]}" -o "$out"
