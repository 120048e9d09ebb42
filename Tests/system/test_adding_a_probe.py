"""docs/adding-a-probe.md is a path a newcomer can walk: its marked blocks, applied one by one to
a copy of the repository, add a working probe by touching four files (the area's catalog file,
the page script, the area's test file, the regenerated docs), and the copy builds and passes the
catalog's tests with the new probe exported, judged and documented."""
from conftest import ROOT
from guide_blocks import apply_guide, changed, copy_repository, run
import os

GUIDE = os.path.join(ROOT, "docs", "adding-a-probe.md")
THE_FOUR = {"Sources/ProbeCatalog/Areas/Storage/Storage.swift", "Public/probes/storage.js",
            "Tests/ProbeCatalogTests/Areas/StorageTests.swift"}
GENERATED = {"docs/probes.md", "docs/profiles.md", "docs/diagnosis.md", "docs/wrappers.md"}


def test_the_guides_example_touches_four_files_and_builds_tested_and_documented(tmp_path):
    copy = tmp_path / "repo"
    copy_repository(ROOT, copy)
    count = apply_guide(GUIDE, copy)
    assert count >= 8, f"the guide marks only {count} blocks"
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
