"""The page's scripts parse, in the language docs/page.md promises them in: plain ES2017, for
the WebViews of old phones. A script that does not parse ends the whole page on every device,
and nothing else in the Swift suites reads them; the page and engine suites find it only as a
run that hangs. TypeScript's parser (Debian's node-typescript, which the remedies' check
installs with this suite) reads each file as JavaScript: page_scripts_es2017.js."""
import pathlib
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
CHECK = ROOT / "Tests" / "system" / "page_scripts_es2017.js"


def check(files):
    return subprocess.run(["node", str(CHECK), *map(str, files)], capture_output=True, text=True, timeout=120)


def test_EveryPageScript_ParsesAsES2017_WithNothingNewer():
    scripts = sorted((ROOT / "Public").rglob("*.js"))
    assert len(scripts) >= 15, scripts
    r = check(scripts)
    assert r.returncode == 0, r.stdout + r.stderr


def test_TheCheck_NamesASyntaxSlip_AndEachNewerConstruct_WithItsLine(tmp_path):
    bad = tmp_path / "bad.js"
    bad.write_text("const a = b?.c;\nconst d = x ?? 1;\nconst o = {...p};\ntry { f(); } catch { }\n"
                   "const r = /a(?<n>b)/s;\n}\n")
    r = check([bad])
    assert r.returncode == 1, r.stdout + r.stderr
    for line, what in [(1, "optional chaining"), (2, "??"), (3, "object spread"), (4, "optional catch binding"),
                       (5, "named capture group"), (5, "flag s"), (6, "syntax")]:
        assert any(l.startswith(f"{bad}:{line}:") and what in l for l in r.stdout.splitlines()), (line, what, r.stdout)
    good = tmp_path / "good.js"
    good.write_text("(() => { 'use strict'; const f = async (x) => { try { return await x; } catch (e) { return null; } }; f(1); })();\n")
    assert check([good]).returncode == 0
