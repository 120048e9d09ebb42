#!/usr/bin/env bash
# Flake hunt: runs chosen test files again and again with busy loops beside them, so that a
# test that only passes on an idle machine (it sleeps instead of waiting for its event, or
# the server has a race) fails here, and says which tests failed how often
# (docs/reliability.md, "Flake hunt").
#
# Usage: Tests/flake-hunt.sh [-l LOAD] [-r RUNS] [-s SWIFT_RUNS] [-k EXPR] [FILE...]
#   FILE            Python test files (Tests/{system,page,engines,reliability}/test_*.py);
#                   default: every test file of those four suites
#   -l, HUNT_LOAD   busy loops beside the tests (default 2: as many as this machine's cores)
#   -r, HUNT_RUNS   runs of each Python file (default 20)
#   -s, HUNT_SWIFT_RUNS  runs of `swift test` (default 5; 0 skips the Swift tests)
#   -k, HUNT_PYTEST_K    a pytest -k expression, to hunt in part of a file
#   HUNT_SWIFT_FILTER    a `swift test --filter` pattern (default: every Swift test)
#   HUNT_OUT        where each run's JUnit XML and the output of failing runs are kept
#                   (default: a new folder under /tmp)
#   RELIABILITY_BUILD    scratch path of the release build the reliability files run
#                   (default /tmp/probe-reliability-build, as Tests/reliability/run.sh); the
#                   other suites run the debug build, as ./test.sh does
#   PROBE_SERVER_BIN     one server binary for every suite instead (no build then)
# Exits 1 if any test failed in any run, 2 on bad usage.
set -euo pipefail
cd "$(dirname "$0")/.."

load=${HUNT_LOAD:-2}
runs=${HUNT_RUNS:-20}
swift_runs=${HUNT_SWIFT_RUNS:-5}
pytest_k=${HUNT_PYTEST_K:-}
usage() { sed -n '7,20p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
while getopts "l:r:s:k:h" opt; do
  case $opt in
    l) load=$OPTARG ;;
    r) runs=$OPTARG ;;
    s) swift_runs=$OPTARG ;;
    k) pytest_k=$OPTARG ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
for n in "$load" "$runs" "$swift_runs"; do
  [[ $n =~ ^[0-9]+$ ]] || { echo "flake-hunt: counts must be whole numbers, got '$n'" >&2; usage; }
done

files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  files=(Tests/system/test_*.py Tests/page/test_*.py Tests/engines/test_*.py Tests/reliability/test_*.py)
fi
for f in "${files[@]}"; do
  [ -f "$f" ] || { echo "flake-hunt: no test file $f; name files under Tests/{system,page,engines,reliability}" >&2; exit 2; }
done

out=${HUNT_OUT:-$(mktemp -d /tmp/flake-hunt.XXXXXX)}
mkdir -p "$out"
failures="$out/failures.tsv"   # test id <TAB> first line of its failure
runs_file="$out/runs.tsv"      # test file <TAB> runs
: > "$failures"
: > "$runs_file"

. Tests/lib/needs.sh
suites=$(printf '%s\n' "${files[@]}" | sed -n 's#^Tests/\([a-z]*\)/.*#\1#p' | sort -u)
for suite in $suites; do need_suite "$suite"; done
[ "$swift_runs" -gt 0 ] && need_suite swift

# The binaries the Python files start, built once before the load starts: the release build
# for the reliability suite and the debug build for the others, as their run.sh files do.
build=${RELIABILITY_BUILD:-/tmp/probe-reliability-build}
release_bin=""; debug_bin=""
if [ -n "${PROBE_SERVER_BIN:-}" ]; then
  [ -x "$PROBE_SERVER_BIN" ] || { echo "flake-hunt: PROBE_SERVER_BIN=$PROBE_SERVER_BIN is not an executable; build it or unset it" >&2; exit 2; }
  echo "flake-hunt: running $PROBE_SERVER_BIN"
  release_bin=$PROBE_SERVER_BIN; debug_bin=$PROBE_SERVER_BIN
elif [ "$runs" -gt 0 ]; then
  if printf '%s\n' $suites | grep -qx reliability; then
    echo "flake-hunt: building probe-server (release) in $build"
    swift build -c release --product probe-server --scratch-path "$build" 2>&1 | tail -1
    release_bin="$build/release/probe-server"
  fi
  echo "flake-hunt: building probe-server (debug)"
  swift build --product probe-server 2>&1 | tail -1
  debug_bin="$PWD/.build/debug/probe-server"
fi
if [ "$swift_runs" -gt 0 ]; then
  echo "flake-hunt: building the Swift tests"
  swift build --build-tests 2>&1 | tail -1
fi
# The binary each suite's tests start (system and page read PROBE_SERVER_BIN, engines PROBE_SERVER).
binary_env() {
  case $1 in
    Tests/reliability/*) echo "PROBE_SERVER_BIN=$release_bin" ;;
    Tests/engines/*) echo "PROBE_SERVER=$debug_bin" ;;
    *) echo "PROBE_SERVER_BIN=$debug_bin" ;;
  esac
}

# The load: busy loops, each keeping one core busy, ended by their own ids on exit.
hogs=()
stop_load() { for pid in "${hogs[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap stop_load EXIT
for _ in $(seq 1 "$load"); do
  yes > /dev/null &
  hogs+=($!)
done
echo "flake-hunt: $load busy loops beside the tests; results in $out"

# Each failing test case of a JUnit file, as "file::name<TAB>message".
failed_cases() {
  python3 - "$1" "$2" <<'EOF'
import sys, xml.etree.ElementTree as ET
path, prefix = sys.argv[1], sys.argv[2]
try:
    root = ET.parse(path).getroot()
except (OSError, ET.ParseError) as e:
    print(f"{prefix}(no report)\tthe run left no readable JUnit report: {e}")
    sys.exit()
for case in root.iter("testcase"):
    for tag in ("failure", "error"):
        bad = case.find(tag)
        if bad is not None:
            name = case.get("name")
            if not prefix:
                name = f"{case.get('classname')}.{name}"
            message = (bad.get("message") or bad.text or tag).strip().splitlines()
            print(f"{prefix}{name}\t{(message[0] if message else tag)[:200]}")
            break
EOF
}

for f in "${files[@]}"; do
  [ "$runs" -gt 0 ] || break
  echo "$f	$runs" >> "$runs_file"
  base=$(echo "$f" | sed 's#^Tests/##; s#/#-#g; s#\.py$##')
  args=(-q -p no:cacheprovider -p no:warnings)
  [ -n "$pytest_k" ] && args+=(-k "$pytest_k")
  for i in $(seq 1 "$runs"); do
    xml="$out/$base.$i.xml"
    if env "$(binary_env "$f")" python3 -m pytest "${args[@]}" --junitxml="$xml" "$f" > "$out/$base.$i.log" 2>&1; then
      echo "flake-hunt: $f run $i/$runs passed"
      rm -f "$out/$base.$i.log"
    else
      echo "flake-hunt: $f run $i/$runs FAILED (output: $out/$base.$i.log)"
      failed_cases "$xml" "$f::" >> "$failures"
    fi
  done
done

if [ "$swift_runs" -gt 0 ]; then
  echo "swift test	$swift_runs" >> "$runs_file"
  filter=()
  [ -n "${HUNT_SWIFT_FILTER:-}" ] && filter=(--filter "$HUNT_SWIFT_FILTER")
  for i in $(seq 1 "$swift_runs"); do
    xml="$out/swift.$i.xml"
    # As ./test.sh: the store contract tests run against PostgreSQL too, never skipped.
    if PROBE_REQUIRE_POSTGRES=1 swift test --skip-build "${filter[@]}" --xunit-output "$xml" > "$out/swift.$i.log" 2>&1; then
      echo "flake-hunt: swift test run $i/$swift_runs passed"
      rm -f "$out/swift.$i.log"
    else
      echo "flake-hunt: swift test run $i/$swift_runs FAILED (output: $out/swift.$i.log)"
      # Swift Testing writes its own report beside the XCTest one.
      report="$out/swift.$i-swift-testing.xml"
      [ -f "$report" ] || report=$xml
      failed_cases "$report" "" >> "$failures"
    fi
  done
fi

read -r load1 load5 load15 _ < /proc/loadavg
stop_load
echo
echo "flake-hunt figures ($load busy loops; load average at the end $load1 / $load5 / $load15, $(nproc) cores; $((SECONDS / 60)) min)"
while IFS=$'\t' read -r what n; do printf '  %-60s %3s runs\n' "$what" "$n"; done < "$runs_file"
if [ -s "$failures" ]; then
  echo "failures per test (test, times failed, first message):"
  cut -f1 "$failures" | sort | uniq -c | sort -rn | while read -r count id; do
    message=$(grep -F "$id	" "$failures" | head -1 | cut -f2)
    printf '  %3d  %s\n       %s\n' "$count" "$id" "$message"
  done
  exit 1
fi
echo "no test failed"
