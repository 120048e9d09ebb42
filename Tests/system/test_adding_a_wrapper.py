"""docs/adding-a-wrapper.md is a path a newcomer can walk: its marked blocks, applied one by one to
a copy of the repository, add a ninth wrapper (Tauri) as one folder (its data file and its fixes)
plus the few lines that name it to the compiler, the detector and the README; the copy builds,
its docs are regenerated naming it, and the wrapper tests pass with every new settings row judged
by its own generated case."""
import json
import os
import re

from conftest import ROOT
from guide_blocks import apply_guide, changed, copy_repository, run

GUIDE = os.path.join(ROOT, "docs", "adding-a-wrapper.md")
WRAPPER = "tauri"
FOLDER = f"Sources/ProbeCatalog/Wrappers/{WRAPPER}"
THE_FILES = {f"{FOLDER}/{WRAPPER}.json", f"{FOLDER}/Wrappers+Tauri.swift",
             "Sources/ProbeCatalog/Wrappers/Wrapper.swift", "Sources/ProbeCatalog/Wrappers/WrapperCatalog+Data.swift",
             "Package.swift", "Sources/ProbeCatalog/Wrappers/WrapperDetector.swift",
             "Tests/ProbeCatalogTests/Wrappers/WrapperDetectorTests.swift", "README.md"}
GENERATED = {"docs/wrappers.md"}
# The tests that hold a wrapper: its data file read and checked, its rows sourced and fixed, its
# detection, each row's generated case, the generated docs and the citations.
WRAPPER_TESTS = "WrapperDataTests|WrapperSettingsTests|WrapperDetectorTests|SettingRowCaseTests|PluginWebViewTests|WrappersDocumentTests|CitationTests"
# The copy is kept in the worktree's build folder between walks, with its own build: the first
# walk builds the package from nothing (a quarter of an hour on two shared cores), a later one
# only what the guide's files and a changed repository touch. Everything but its .build is
# replaced at each walk.
COPY = os.path.join(ROOT, ".build", "walks", "adding-a-wrapper")


def expected_cases(rows):
    """The generated cases SettingRowCaseTests makes of the rows: one per row and platform it is read on."""
    families = {"ios": ["ios"], "android": ["android"], "both": ["ios", "android"]}
    return {f"{WRAPPER}.json {row['id']} on {family}" for row in rows for family in families[row["family"]]}


def test_the_guides_wrapper_is_one_folder_builds_judges_every_row_and_is_documented():
    from pathlib import Path
    copy = Path(COPY)
    os.makedirs(copy, exist_ok=True)
    copy_repository(ROOT, copy, keep={".build"})
    count = apply_guide(GUIDE, copy)
    assert count >= 10, f"the guide marks only {count} blocks"
    assert changed(copy) == THE_FILES, f"the guide's blocks touch {sorted(changed(copy))}, not the files its table names"
    data = json.loads((copy / FOLDER / f"{WRAPPER}.json").read_text())
    assert data["wrapper"] == WRAPPER and len(data["settings"]) >= 2 and data["detection"]["globals"]

    run(copy, "swift", "build", "--build-tests")
    # One command regenerates the docs; then they name the new wrapper and nothing else changed.
    run(copy, "swift", "test", "--skip-build", "--filter", "Document", env={"UPDATE_DOCS": "1"})
    touched = changed(copy)
    assert touched - THE_FILES == GENERATED, sorted(touched)
    doc = (copy / "docs/wrappers.md").read_text()
    assert "### Tauri: settings" in doc and "| cordova | maui | tauri |" in doc, "docs/wrappers.md does not name the new wrapper"

    # Judged: the wrapper tests pass with it in, and each of its rows had its own generated case
    # that passed. One at a time (--no-parallel), so no two tests' lines come out merged.
    out = run(copy, "swift", "test", "--skip-build", "--no-parallel", "--verbose", "--filter", WRAPPER_TESTS)
    passed = set(re.findall(r"✔ Test case passing 1 argument rowCase → (tauri\.json \S+ on \w+) ", out))
    expected = expected_cases(data["settings"])
    assert expected <= passed, f"rows without a passing generated case: {sorted(expected - passed)}"
    assert re.search(r"✔ Test Tauri_IsToldByItsIPCGlobal_AndByWrysHandlerOnIOS\(\) passed", out), out[-3000:]
    assert re.search(r"✔ Test run with \d+ tests? .*passed", out), out[-3000:]

    # Exported: `catalog --json` carries it, and the page gathers its bridge names.
    exported = json.loads(run(copy, ".build/debug/probe-server", "catalog", "--json", timeout=120))
    wrapper = next(w for w in exported["wrappers"] if w["id"] == WRAPPER)
    assert [row["id"] for row in wrapper["settings"]] == [row["id"] for row in data["settings"]]
    assert all(row.get("fix") for row in wrapper["settings"]), "a row's fix leads nowhere"
    assert "__TAURI_INTERNALS__" in exported["wrapperSignals"]["globals"]
