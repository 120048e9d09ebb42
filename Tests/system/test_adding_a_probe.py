"""docs/adding-a-probe.md is a path a newcomer can walk: its marked blocks, applied one by one to
a copy of the repository, add a working probe by touching four files (the area's catalog file,
the page script, the area's test file, the regenerated docs), and the copy builds and passes the
catalog's tests with the new probe exported, judged and documented."""
import os
import re
import shutil
import subprocess

from conftest import ROOT

GUIDE = os.path.join(ROOT, "docs", "adding-a-probe.md")
# Each block: <!-- add to PATH (after|at the end of|before the last) "ANCHOR" --> then a fenced block.
MARKED = re.compile(r'<!-- add to (\S+) (after|at the end of|before the last) "([^"]*)" -->\n```\w*\n(.*?)```', re.S)
# A debug build of the whole package with its tests, from nothing, on two shared cores.
BUILD_TIMEOUT_SECONDS = 2400
THE_FOUR = {"Sources/ProbeCatalog/Areas/Storage/Storage.swift", "Public/probes/storage.js",
            "Tests/ProbeCatalogTests/Areas/StorageTests.swift"}
GENERATED = {"docs/probes.md", "docs/profiles.md", "docs/diagnosis.md", "docs/wrappers.md"}


def apply(lines, how, anchor, block):
    """Where the guide says the block goes; an anchor that is missing or ambiguous fails."""
    hits = [i for i, line in enumerate(lines) if anchor in line]
    assert hits, f"the guide's anchor {anchor!r} is not in the file"
    if how == "before the last":
        at = hits[-1]
    else:
        assert len(hits) == 1, f"the guide's anchor {anchor!r} stands {len(hits)} times"
        at = hits[0] + 1
        if how == "at the end of":
            indent = lines[hits[0]][: len(lines[hits[0]]) - len(lines[hits[0]].lstrip())]
            at = next(i for i in range(at, len(lines)) if lines[i] in (indent + "]", indent + "}"))
    return lines[:at] + block.rstrip("\n").split("\n") + lines[at:]


def changed(copy):
    out = subprocess.run(["git", "status", "--porcelain"], cwd=copy, capture_output=True, text=True, check=True).stdout
    return {line[3:] for line in out.splitlines()}


def run(copy, *args, env=None, timeout=BUILD_TIMEOUT_SECONDS):
    done = subprocess.run(list(args), cwd=copy, capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, **(env or {})})
    assert done.returncode == 0, f"{' '.join(args)} failed:\n{done.stdout[-6000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def test_the_guides_example_touches_four_files_and_builds_tested_and_documented(tmp_path):
    copy = tmp_path / "repo"
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.splitlines()
    for name in files:
        source = os.path.join(ROOT, name)
        if os.path.isfile(source):
            os.makedirs(os.path.dirname(copy / name), exist_ok=True)
            shutil.copy2(source, copy / name)
    run(copy, "git", "init", "-q")
    run(copy, "git", "add", "-A")
    run(copy, "git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "before")

    blocks = MARKED.findall(open(GUIDE).read())
    assert len(blocks) >= 8, f"the guide marks only {len(blocks)} blocks"
    for path, how, anchor, block in blocks:
        target = copy / path
        lines = target.read_text().split("\n")
        target.write_text("\n".join(apply(lines, how, anchor, block)))
    assert changed(copy) == THE_FOUR, "the guide's blocks touch other files than the three it names"

    # The page's script still parses (node comes with the TypeScript compiler the suite installs).
    run(copy, "node", "--check", "Public/probes/storage.js", timeout=60)

    run(copy, "swift", "build", "--build-tests")
    # One command regenerates the docs; then they name the new probe and nothing else changed.
    run(copy, "swift", "test", "--skip-build", "--filter", "Document", env={"UPDATE_DOCS": "1"})
    touched = changed(copy)
    assert touched - THE_FOUR <= GENERATED and "docs/probes.md" in touched, sorted(touched)
    assert "storage.cacheApi" in (copy / "docs/probes.md").read_text()

    # Exported and judged: the catalog's tests pass with the probe in, its own test among them.
    run(copy, "swift", "test", "--skip-build", "--filter", "ProbeCatalogTests|ConfigTests")
    # Its own test ran and passed: asked for alone, so its line is read from a run of one
    # (in a run of 300 tests, lines printed from parallel tests have come out merged).
    out = run(copy, "swift", "test", "--skip-build", "--filter", "StorageDiagnosisTests/CacheAPIUnavailable_IsTheDataStorePolicy")
    assert "CacheAPIUnavailable_IsTheDataStorePolicy() passed" in out and "Test run with 1 test" in out, out[-3000:]
    exported = run(copy, ".build/debug/probe-server", "catalog", "--json", timeout=120)
    assert '"id" : "storage.cacheApi"' in exported
    assert "unavailable or throwing → the host's data store policy" in exported
    assert "webview.cache-api-blocked" in (copy / "docs/diagnosis.md").read_text()
