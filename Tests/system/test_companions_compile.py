"""Every companion snippet compiles: each file in companions/ (the host reports of docs/host-report.md
and the debug deep links), old and new,
goes through swiftc, kotlinc, javac, tsc, mcs (for Android and for iOS), a Dart parser, xmllint
or a JSON parser against the platform stubs in Tests/remedies/stubs (Tests/remedies/companions.py),
and a file of a kind the checker has no compiler for fails."""
import os
import subprocess
import sys

from conftest import ROOT

CHECKER = os.path.join(ROOT, "Tests", "remedies", "companions.py")
# kotlinc and swiftc each start once or a few times: about half a minute on two shared cores.
CHECK_TIMEOUT_SECONDS = 900


def companion_files():
    folder = os.path.join(ROOT, "companions")
    return sorted(os.path.relpath(os.path.join(d, f), ROOT) for d, _, files in os.walk(folder) for f in files if not f.endswith(".md"))


def test_every_companion_snippet_compiles_against_the_platform_stubs(tmp_path):
    checked = subprocess.run([sys.executable, CHECKER, str(tmp_path / "units")], capture_output=True, text=True, timeout=CHECK_TIMEOUT_SECONDS)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    last = checked.stdout.splitlines()[-1]
    assert last.endswith(" 0 failed"), checked.stdout
    # Every file was checked, none skipped.
    passed = sorted(line.split(None, 1)[1] for line in checked.stdout.splitlines() if line.startswith("ok   "))
    assert passed == companion_files()


def test_a_snippet_that_does_not_type_check_fails_the_check(tmp_path):
    """The checker is not a formality: a Swift companion calling an API the platform does not
    have is a failure that names the file and the compiler's error."""
    source = os.path.join(ROOT, "companions", "ios", "ProbeHostReport.swift")
    # The checked text comes on standard input in the file's place: the tree stays as it is.
    text = open(source).read().replace("configuration.allowsInlineMediaPlayback", "configuration.allowsInlineMediaPlaybak", 1)
    checked = subprocess.run([sys.executable, CHECKER, str(tmp_path / "units"), "--only", "ios/ProbeHostReport.swift", "--source", "-"],
                             input=text, capture_output=True, text=True, timeout=CHECK_TIMEOUT_SECONDS)
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert "FAIL companions/ios/ProbeHostReport.swift" in checked.stdout
    assert "allowsInlineMediaPlaybak" in checked.stdout
    assert checked.stdout.splitlines()[-1] == "companions: 0 passed, 1 failed"


def test_a_deep_link_that_does_not_type_check_fails_the_check(tmp_path):
    """The debug deep links are compiled like the host reports: a TypeScript one calling a
    react-native Linking method that does not exist fails, through tsc."""
    source = os.path.join(ROOT, "companions", "react-native", "ProbeDeepLink.ts")
    text = open(source).read().replace("Linking.getInitialURL()", "Linking.getInitialUrl()", 1)
    checked = subprocess.run([sys.executable, CHECKER, str(tmp_path / "units"), "--only", "react-native/ProbeDeepLink.ts", "--source", "-"],
                             input=text, capture_output=True, text=True, timeout=CHECK_TIMEOUT_SECONDS)
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert "FAIL companions/react-native/ProbeDeepLink.ts" in checked.stdout
    assert "getInitialUrl" in checked.stdout
