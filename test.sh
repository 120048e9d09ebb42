#!/usr/bin/env bash
# The test command: installs what each suite calls (Debian, PyPI: Tests/lib/needs.sh), then
# runs the suites. A failing suite does not stop the others; each ends with one summary line,
# and the script ends with one line per suite and exits 1 if any failed. `.ci/run` calls this.
#
# Usage: ./test.sh                 every suite
#        ./test.sh SUITE...        some of them: swift system page engines reliability container
#        ./test.sh swift FILTER    swift test --filter FILTER
set -uo pipefail
cd "$(dirname "$0")"
. Tests/lib/needs.sh

SUITES=(swift system page engines reliability container)
declare -A ABOUT=(
  [swift]="parsers, state machines, TLS, store, API, catalog, CLI (swift test)"
  [system]="the real binary with curl, Chromium, openssl, zbarimg"
  [page]="the page in Chromium, WebKitGTK and QtWebEngine"
  [engines]="every misconfiguration in the engine hosts"
  [reliability]="fuzzing, h11 differential, smuggling, slowloris, kill -9, full disk, TLS"
  [container]="the Containerfile's image under Podman: a run, SIGTERM, the volume, kube play"
)

usage() {
  sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
  for s in "${SUITES[@]}"; do printf '  %-12s %s\n' "$s" "${ABOUT[$s]}"; done
}

suite_swift() {
  need_suite swift || return
  swift build --build-tests || return
  # The store contract tests run against PostgreSQL too (a throwaway cluster the tests start):
  # installed by need_suite, so its absence is a failure here, not a quiet skip.
  export PROBE_REQUIRE_POSTGRES=1
  if [ -n "${SWIFT_FILTER:-}" ]; then swift test --skip-build --filter "$SWIFT_FILTER"; return; fi
  swift test --skip-build || return
  # The tests of every module above the catalog again on the portable poll(2) loop, the one a
  # Darwin build has (docs/macos.md): a change that works only on epoll fails here.
  echo "== the server's tests on PROBE_EVENT_LOOP=poll"
  PROBE_EVENT_LOOP=poll swift test --skip-build --skip ProbeCatalogTests
}
# The system suite, then its tests of connections, TLS and the CLI against a server on the
# poll(2) loop.
suite_system() {
  bash Tests/system/run.sh || return
  echo "== the connection, TLS and CLI tests on PROBE_EVENT_LOOP=poll"
  PROBE_EVENT_LOOP=poll python3 -m pytest -q Tests/system/test_https.py Tests/system/test_farm_reach.py \
    Tests/system/test_health_cli.py Tests/system/test_token_out_of_logs.py Tests/system/test_openapi.py \
    Tests/system/test_report_layout.py Tests/system/test_local_ca.py
}
suite_page() { bash Tests/page/run.sh; }
suite_engines() { bash Tests/engines/run.sh; }
suite_reliability() { bash Tests/reliability/run.sh; }
suite_container() { bash Tests/container/run.sh; }

selected=()
case ${1:-} in
  -h|--help) usage; exit 0 ;;
  swift) if [ $# -eq 2 ]; then SWIFT_FILTER=$2; selected=(swift); shift 2; fi ;;
esac
[ ${#selected[@]} -eq 0 ] && selected=("$@")
[ ${#selected[@]} -eq 0 ] && selected=("${SUITES[@]}")
for s in "${selected[@]}"; do
  [ -n "${ABOUT[$s]:-}" ] || { echo "test.sh: no suite named '$s'"; usage; exit 64; }
done

declare -A RESULT
failed=0
for s in "${selected[@]}"; do
  echo "== test.sh: $s: ${ABOUT[$s]}"
  started=$SECONDS
  # A subshell: a suite's `exit`, `set -e` or `cd` cannot end the others.
  ( "suite_$s" )
  rc=$?
  took=$((SECONDS - started))
  if [ $rc -eq 0 ]; then RESULT[$s]="passed in ${took} s"; else RESULT[$s]="FAILED (exit $rc) after ${took} s"; failed=1; fi
  echo "== test.sh: $s ${RESULT[$s]}"
done

echo "== test.sh: summary"
for s in "${selected[@]}"; do printf '  %-12s %s\n' "$s" "${RESULT[$s]}"; done
if [ $failed -ne 0 ]; then echo "test.sh: some suites failed"; exit 1; fi
echo "test.sh: every suite passed"
