"""Every fix the catalog shows compiles: the snippets `probe-server catalog --json` exports
(each remedy line, each merged fix, the combined fix of every set of remedies one finding can
carry, each wrapper fix) go through swiftc, kotlinc, javac, tsc, mcs, xmllint and a Dart
parser against the platform stubs in Tests/remedies/stubs (Tests/remedies/check.py)."""
import os
import subprocess
import sys

from conftest import BINARY, ROOT

CHECKER = os.path.join(ROOT, "Tests", "remedies", "check.py")
# kotlinc starts a JVM and compiles every unit in one run; on two shared cores the whole
# check takes minutes, not hours.
CHECK_TIMEOUT_SECONDS = 1800


def test_every_remedy_snippet_compiles_against_the_platform_stubs(tmp_path):
    catalog = subprocess.run([BINARY, "catalog", "--json"], capture_output=True, text=True, check=True).stdout
    checked = subprocess.run([sys.executable, CHECKER, "-", str(tmp_path / "units")], input=catalog,
                             capture_output=True, text=True, timeout=CHECK_TIMEOUT_SECONDS)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert " 0 failed" in checked.stdout.splitlines()[-1]
