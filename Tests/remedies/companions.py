#!/usr/bin/env python3
"""Every file in companions/ (the host-report snippets, docs/host-report.md) goes through a real
compiler or parser, against the same declaration-only stubs as the remedy snippets (stubs/,
check.py):

  *.swift   swiftc -typecheck -D DEBUG  (stubs/WebKit.swift as the module WebKit; UIKit,
            AVFoundation, Photos, Capacitor and Cordova re-export it). Linux has no Objective-C
            runtime: @objc is dropped and #selector(m) is checked as _selector(m), so the
            method m names must still resolve. One file, one module.
  *.kt      kotlinc                     (stubs/android.java compiled by javac); each file in a
            package of its own, all in one kotlinc run
  *.java    javac                       (the same stubs)
  *.js, *.ts  tsc --strict, JavaScript with --checkJs  (stubs/react-native.d.ts)
  *.cs      mcs -define:DEBUG, once with -define:ANDROID and once with -define:IOS (stubs/maui.cs):
            both sides of #if ANDROID / #elif IOS, and what a Debug build compiles
  *.dart    tree-sitter with the Dart grammar: parsed (no Dart analyzer on Debian)
  *.xml     xmllint --noout
  *.json    json.load (the fixtures; Tests/ProbeCatalogTests/HostReportTests.swift validates
            them against the catalog and their `how` strings against their snippets)
  *.md      not code

A file of any other kind is a failure: a new snippet gets a compiler here before it ships.
Usage: companions.py [WORK_DIR] [--only NAME [--source -]]  (NAME: a path below companions/, to
check one file; --source - checks the text on standard input in its place, so a test can check
a broken copy without touching the tree). Prints each failure and "companions: N passed, M
failed"; exits 1 when any failed.
"""
import importlib.util
import json
import re
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
COMPANIONS = ROOT / "companions"
STUBS = HERE / "stubs"

_spec = importlib.util.spec_from_file_location("remedy_check", HERE / "check.py")
check = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(check)

SWIFT_REEXPORTS = ("UIKit", "AVFoundation", "Photos", "Capacitor", "Cordova")


def swift_for_linux(source):
    """The Swift source as swiftc on Linux can check it: no @objc, #selector(m) as _selector(m)."""
    source = re.sub(r"@objc(\([A-Za-z_][A-Za-z0-9_]*\))?\s*", "", source)
    return source.replace("#selector(", "_selector(")


class Companions:
    def __init__(self, work, only=None, source=None):
        self.work = Path(work)
        self.only = only
        self.source = source
        self.display = {}  # a checked copy's path -> the companion's name
        self.failures = []  # (file, message)
        self.passed = []
        # check.py's Checker builds the Android classes and the WebKit module; it needs no export here.
        self.checker = check.Checker({"lines": [], "merged": []}, self.work)

    def files(self):
        found = sorted(p for p in COMPANIONS.rglob("*") if p.is_file())
        if self.only:
            found = [p for p in found if str(p.relative_to(COMPANIONS)) == self.only]
            if not found:
                raise SystemExit(f"no companions/{self.only}")
            if self.source is not None:
                copy = self.work / "source" / self.only
                copy.parent.mkdir(parents=True, exist_ok=True)
                copy.write_text(self.source)
                self.display[copy] = str(found[0].relative_to(ROOT))
                found = [copy]
        return found

    def name(self, path):
        return self.display.get(path) or str(path.relative_to(ROOT))

    def result(self, path, status, output, tool):
        name = self.name(path)
        if status == 0:
            self.passed.append(name)
        else:
            lines = [l for l in output.splitlines() if re.search(r"error|: e:|^e:", l, re.I)] or output.splitlines()[-12:]
            self.failures.append((name, f"{tool}: " + "\n    ".join(lines[:12])))

    def swift_modules(self):
        out = self.checker.swift_modules()  # WebKit, UIKit, AVFoundation, Capacitor
        for module in SWIFT_REEXPORTS:
            if (out / f"{module}.swiftmodule").exists():
                continue
            source = out / f"{module}.swift"
            source.write_text("@_exported import WebKit\n")
            status, output = check.run(["swiftc", "-emit-module", "-parse-as-library", "-module-name", module, "-I", str(out),
                                        "-emit-module-path", str(out / f"{module}.swiftmodule"), str(source)])
            if status != 0:
                raise SystemExit(output)
        return out

    def swift(self, paths):
        for index, path in enumerate(paths):
            unit = self.work / "swift" / f"companion_{index}.swift"
            unit.parent.mkdir(parents=True, exist_ok=True)
            unit.write_text(swift_for_linux(path.read_text()))
            status, output = check.run(["swiftc", "-typecheck", "-parse-as-library", "-D", "DEBUG", "-I", str(self.swift_modules()), str(unit)])
            self.result(path, status, output, "swiftc")

    def kotlin(self, paths):
        if not paths:
            return
        folder = self.work / "kotlin"
        folder.mkdir(parents=True, exist_ok=True)
        units = {}
        for index, path in enumerate(paths):
            # Companion snippets have no package (they go in the app's): one each keeps their names apart.
            name = f"companion_{index}.kt"
            (folder / name).write_text(f"package companion{index}\n\n" + path.read_text())
            units[name] = path
        status, output = check.run(["kotlinc", "-nowarn", "-cp", str(self.checker.android_classes()), "-d", str(self.work / "kotlin-out")]
                                   + [str(folder / n) for n in units])
        found = check.errors_by_file(output, units)
        for name, path in units.items():
            if name in found:
                self.failures.append((self.name(path), "kotlinc: " + "\n    ".join(found[name][:12])))
            elif status != 0 and not found:
                self.failures.append((self.name(path), f"kotlinc failed:\n{output[-2000:]}"))
            else:
                self.passed.append(self.name(path))

    def java(self, paths):
        for path in paths:
            status, output = check.run(["javac", "-nowarn", "-d", str(self.work / "java-out"), "-cp", str(self.checker.android_classes()), str(path)])
            self.result(path, status, output, "javac")

    def javascript(self, paths):
        for index, path in enumerate(paths):
            folder = self.work / f"js-{index}"
            folder.mkdir(parents=True, exist_ok=True)
            shutil.copy(STUBS / "react-native.d.ts", folder / "stubs.d.ts")
            (folder / "no-types").mkdir(exist_ok=True)  # no @types from the machine: only the stubs
            unit = folder / path.name
            unit.write_text("// @ts-check\n" + path.read_text())
            status, output = check.run(["tsc", "--noEmit", "--strict", "--target", "es2018", "--module", "es2015", "--moduleResolution", "node",
                                        "--allowJs", "--checkJs", "--lib", "es2018,dom", "--typeRoots", str(folder / "no-types"),
                                        str(folder / "stubs.d.ts"), str(unit)])
            self.result(path, status, output, "tsc")

    def csharp(self, paths):
        for path in paths:
            for define in ("ANDROID", "IOS"):
                status, output = check.run(["mcs", "-target:library", "-langversion:experimental", f"-define:{define}", "-define:DEBUG", "-nowarn:1998",
                                            f"-out:{self.work / ('companion-' + define + '.dll')}", str(STUBS / "maui.cs"), str(path)])
                if status != 0:
                    self.result(path, status, output, f"mcs -define:{define}")
                    break
            else:
                self.passed.append(self.name(path))

    def dart(self, paths):
        try:
            import tree_sitter
            import tree_sitter_dart
        except ImportError as error:
            raise SystemExit(f"{error}: pip install tree-sitter tree-sitter-dart (Tests/lib/needs.sh)")
        parser = tree_sitter.Parser(tree_sitter.Language(tree_sitter_dart.language()))
        for path in paths:
            source = path.read_text()
            tree = parser.parse(source.encode())
            if tree.root_node.has_error:
                bad = check.first_error(tree.root_node)
                row = bad.start_point[0] if bad else 0
                self.result(path, 1, f"error: syntax error at line {row + 1}: {source.splitlines()[row].strip()}", "tree-sitter-dart")
            else:
                self.passed.append(self.name(path))

    def xml(self, paths):
        for path in paths:
            status, output = check.run(["xmllint", "--noout", str(path)])
            self.result(path, status, output, "xmllint")

    def json(self, paths):
        for path in paths:
            try:
                json.loads(path.read_text())
                self.passed.append(self.name(path))
            except ValueError as error:
                self.result(path, 1, f"error: {error}", "json")

    def run(self):
        by = {}
        for path in self.files():
            by.setdefault(path.suffix, []).append(path)
        checks = {".swift": self.swift, ".kt": self.kotlin, ".java": self.java, ".js": self.javascript, ".ts": self.javascript, ".cs": self.csharp,
                  ".dart": self.dart, ".xml": self.xml, ".json": self.json}
        for suffix, paths in sorted(by.items()):
            if suffix == ".md":
                continue
            if suffix not in checks:
                for path in paths:
                    self.failures.append((self.name(path), f"no compiler for {suffix} files: add one to {Path(__file__).name}"))
                continue
            checks[suffix](paths)


def main():
    args = sys.argv[1:]
    only = source = None
    if "--only" in args:
        at = args.index("--only")
        only = args[at + 1]
        del args[at:at + 2]
    if "--source" in args:
        at = args.index("--source")
        if args[at + 1] != "-" or only is None:
            raise SystemExit("--source - reads the text of the --only file from standard input")
        source = sys.stdin.read()
        del args[at:at + 2]
    work = Path(args[0]) if args else Path(tempfile.mkdtemp(prefix="companions-"))
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    companions = Companions(work, only, source)
    companions.run()
    for name, message in companions.failures:
        print(f"FAIL {name}\n    {message}\n")
    for name in companions.passed:
        print(f"ok   {name}")
    failed = len({name for name, _ in companions.failures})
    print(f"companions: {len(companions.passed)} passed, {failed} failed")
    return 1 if companions.failures else 0


if __name__ == "__main__":
    sys.exit(main())
