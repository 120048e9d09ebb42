"""The CI recipes, run as written.

The documented block: the fenced block under "How CI uses it" is read from
docs/ci-and-farms.md (not copied here) and run by bash in a fresh folder holding the server's
data folder, with `probe-server` on PATH as that page's install line puts it. The only stand-in is the device:
`adb` is a function that opens the run URL in headless Chromium. The block's `probe-server
wait` must exit 0 for a correct app (its unattended run is READY: the steps nobody tapped are
left to a person) and leave JUnit XML that a JUnit parser accepts, in the folder it ran in.

The GitHub Actions workflow (examples/github-actions/webview-probe.yml): parsed from the YAML
and run step by step as the runner runs it (one bash per `run:`, GITHUB_ENV and GITHUB_PATH
carried between steps, GITHUB_ACTIONS=true, `if: always()` steps after a failure), with the
emulator action's `script:` run the way the action runs it (each line on its own with `sh -c`,
stopping at the first that fails). No emulator can start here, so its one `adb shell am start`
line opens the same URL in headless Chromium instead (after the device's shell has read the
line, as it would cut it); the other commands run against stand-ins that check their
arguments: `adb install`/`reverse`, `sudo apt-get`, `swift build` (the toolchain's own list of
options; it links the tested binary where the build would put it), the app's `./gradlew`. The
wait must exit 0 for a correct app, so a wrong flag, a wrong order or a lost quote fails."""
import json
import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import urllib.request

import pytest

from conftest import BINARY, ROOT, Server, free_port

EXIT_BY_VERDICT = {"ready": 0, "not-ready": 1, "incomplete": 2}

# The device: what `adb shell am start -a … -d URL PACKAGE` does on a phone, done by
# headless Chromium (fake camera, granted), in the background like `am start`.
DEVICE = r'''
import sys
from playwright.sync_api import sync_playwright
url = sys.argv[1]
with sync_playwright() as p:
    browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                args=["--no-sandbox", "--use-fake-device-for-media-stream"])
    page = browser.new_context(ignore_https_errors=True, permissions=["camera"]).new_page()
    page.goto(url)
    page.wait_for_selector("[data-finished]", timeout=180000)
    browser.close()
'''


def readme_ci_block():
    text = open(os.path.join(ROOT, "docs", "ci-and-farms.md"), encoding="utf-8").read()
    section = text.split("\n## How CI uses it", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block, "docs/ci-and-farms.md: no ```sh block under 'How CI uses it'"
    return block.group(1)


def api(server, path):
    ctx = ssl.create_default_context(cafile=server.ca)
    with urllib.request.urlopen(server.url(path), context=ctx, timeout=30) as r:
        return json.load(r)


def test_the_READMEs_CI_block_runs_as_written_and_exits_with_the_verdict(tmp_path):
    block = readme_ci_block()
    assert "curl -fsS" in block and "probe-server wait" in block
    work = tmp_path / "ci"
    work.mkdir()
    (work / "probe-data").mkdir(mode=0o700)
    server = Server(data_dir=str(work / "probe-data"))
    device = tmp_path / "device.py"
    device.write_text(DEVICE)
    prelude = f'''set -euo pipefail
adb() {{  # the device stand-in: adb shell am start -a ACTION -d URL PACKAGE
  local url=""
  while [ $# -gt 0 ]; do [ "$1" = -d ] && url=$2; shift; done
  url=$(printf '%s' "$url" | tr -d "'")  # the device's shell removes the quotes adb passes on
  {sys.executable} {device} "$url" > device.log 2>&1 &
}}
trap 'echo "RUN=${{RUN:-}}" >&2' EXIT
'''
    env = dict(os.environ, PATH=os.path.dirname(BINARY) + ":" + os.environ["PATH"],
               PROBE_SERVER=server.url("").rstrip("/"))
    env.pop("PROBE_TOKEN", None)
    try:
        proc = subprocess.Popen(["bash", "-c", prelude + block], cwd=work, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, start_new_session=True)
        try:
            out, err = proc.communicate(timeout=400)
        finally:
            try:
                os.killpg(proc.pid, signal.SIGKILL)  # the device, if it is still open
            except ProcessLookupError:
                pass
        done = subprocess.CompletedProcess(proc.args, proc.returncode, out, err)
        junit = work / "report.xml"
        assert junit.exists(), f"no report.xml; rc {done.returncode}\n{done.stdout}\n{done.stderr}"
        from junitparser import JUnitXml
        xml = JUnitXml.fromfile(str(junit))
        suites = list(xml) if hasattr(xml, "__iter__") else [xml]
        cases = [case for suite in suites for case in suite]
        catalog = api(server, "/api/catalog")
        assert len(cases) == len(catalog["probes"])
        run_id = re.search(r"^RUN=([A-Za-z0-9_-]+)$", done.stderr, re.M)
        assert run_id, "the run id is nowhere in the output"
        state = api(server, f"/api/runs/{run_id.group(1)}")
        assert state.get("completedAt"), "the device did not complete the run:\n" + (work / "device.log").read_text()
        assert done.returncode == EXIT_BY_VERDICT[state["verdict"]], (done.returncode, state["verdict"], done.stderr)
        # A correct app, opened unattended with nobody to tap: READY, exit 0.
        assert state["verdict"] == "ready" and done.returncode == 0, (done.returncode, state["verdict"], done.stderr)
        # The operator's terminal says it too: one line per judged run, with the report's URL.
        title = {"ready": "READY", "not-ready": "NOT READY", "incomplete": "INCOMPLETE"}[state["verdict"]]
        flat = re.sub(r"\n {4}", " ", server.banner)
        line = re.search(rf"^run {run_id.group(1)}\b[^\n]*: {title}\b[^\n]*→\u00a0(https://\S+/runs/{run_id.group(1)})$", flat, re.M)
        assert line, server.banner[-2000:]
        # Nothing of the recipe lands outside the folder it ran in.
        assert not os.path.exists(os.path.join(ROOT, "report.xml"))
    finally:
        server.stop()
        shutil.rmtree(work, ignore_errors=True)


# ---------------------------------------------------------------- GitHub Actions workflow

WORKFLOW = os.path.join(ROOT, "examples", "github-actions", "webview-probe.yml")
SCHEMA = os.path.join(ROOT, "Tests", "reports", "junit-10.xsd")
EMULATOR_ACTION = "reactivecircus/android-emulator-runner@"

# `adb` on PATH for every line but the one that opens the run: it checks the commands the
# workflow gives a device and records them (adb.log), as an emulator would take them.
ADB = r'''
import os, re, sys
args = sys.argv[1:]
log = open(os.environ["STANDIN_LOG"], "a")
def refuse(message):
    sys.exit("adb (stand-in): " + message + ": " + " ".join(args))
if not args:
    refuse("no command")
if args[0] == "install":
    flags, rest = [a for a in args[1:] if a.startswith("-")], [a for a in args[1:] if not a.startswith("-")]
    unknown = set(flags) - {"-r", "-g", "-t", "-d"}
    if unknown or len(rest) != 1:
        refuse("adb install [-r] [-g] [-t] [-d] APK")
    if not rest[0].endswith(".apk") or not os.path.isfile(rest[0]):
        refuse("no such APK " + rest[0])
    log.write("install " + " ".join(flags) + " " + os.path.abspath(rest[0]) + "\n")
elif args[0] == "reverse":
    if len(args) != 3 or not all(re.fullmatch(r"tcp:\d+", a) for a in args[1:]):
        refuse("adb reverse tcp:DEVICE_PORT tcp:HOST_PORT")
    log.write("reverse " + args[1] + " " + args[2] + "\n")
elif args[0] == "wait-for-device":
    pass
else:
    refuse("not a command this stand-in knows (the run is opened by the test's device, not here)")
'''

# The device, for the `adb shell am start` line only: what the emulator's shell makes of the
# line (adb hands the joined arguments to it), then what `am start -a VIEW -d URL PACKAGE` does:
# the app opens the URL (headless Chromium, in the background, as am start returns at once).
OPEN_ON_DEVICE = r'''
import os, shlex, subprocess, sys
args = sys.argv[1:]
if args[:1] != ["shell"]:
    sys.exit("device (stand-in): expected adb shell am start …, got " + " ".join(args))
lexer = shlex.shlex(" ".join(args[1:]), posix=True, punctuation_chars=True)
lexer.whitespace_split = True
words = list(lexer)
cut = [w for w in words if w and set(w) <= set("&;|<>()")]
if cut:
    sys.exit(f"device (stand-in): the device's shell cuts the line at {cut[0]!r}: quote the URL for it")
if words[:2] != ["am", "start"]:
    sys.exit("device (stand-in): not am start: " + " ".join(words))
action = url = None
rest = words[2:]
package = None
while rest:
    word = rest.pop(0)
    if word == "-a" and rest: action = rest.pop(0)
    elif word == "-d" and rest: url = rest.pop(0)
    elif not word.startswith("-") and package is None: package = word
    else: sys.exit("device (stand-in): am start does not take " + word)
if action != "android.intent.action.VIEW" or not url or package != os.environ["APP_PACKAGE"]:
    sys.exit(f"device (stand-in): am start -a android.intent.action.VIEW -d URL $APP_PACKAGE, got {words}")
done = open(os.environ["STANDIN_LOG"]).read().splitlines() if os.path.exists(os.environ["STANDIN_LOG"]) else []
if not any(line.startswith("install ") for line in done):
    sys.exit("device (stand-in): Error: Activity not started, unable to resolve Intent: the app is not installed")
# The emulator reaches the runner's ports only through adb reverse: the run's, and the second origin's.
from urllib.parse import urlsplit
for port in (str(urlsplit(url).port), os.environ["PROBE_SECOND_PORT"]):
    if f"reverse tcp:{port} tcp:{port}" not in done:
        sys.exit(f"device (stand-in): nothing listens on the emulator's localhost:{port} (no adb reverse tcp:{port} tcp:{port})")
open(os.environ["STANDIN_LOG"], "a").write("open " + url + "\n")
device = subprocess.Popen([sys.executable, os.environ["DEVICE_SCRIPT"], url], stdout=open("device.log", "w"),
                          stderr=subprocess.STDOUT, start_new_session=True)
open(os.environ["DEVICE_PIDS"], "a").write(f"{device.pid}\n")
'''

# `sudo`: apt-get (recorded, never run), and the emulator action's KVM rule (tee, udevadm).
SUDO = r'''
import os, sys
args = sys.argv[1:]
log = open(os.environ["STANDIN_LOG"], "a")
if args[:2] == ["apt-get", "update"]:
    log.write("apt-get update\n")
elif args[:2] == ["apt-get", "install"]:
    options = [a for a in args[2:] if a.startswith("-")]
    if not {"-y", "--yes", "-qq"} & set(options):
        sys.exit("sudo (stand-in): apt-get install without -y waits for a person to say yes")
    log.write("apt-get install " + " ".join(a for a in args[2:] if not a.startswith("-")) + "\n")
elif args[:1] == ["tee"] and len(args) == 2 and args[1].startswith("/etc/udev/rules.d/"):
    sys.stdin.read()
elif args[:1] == ["udevadm"] and args[1:2] in (["control"], ["trigger"]):
    pass
else:
    sys.exit("sudo (stand-in): not a command this workflow should need: " + " ".join(args))
'''

# `swift build`: its options checked against the toolchain's own `swift build --help`, the
# package and product against the checkout; then the tested binary is linked where the build
# would leave it (a release build takes most of an hour).
SWIFT = r'''
import json, os, re, sys
args = sys.argv[1:]
if args[:1] != ["build"]:
    sys.exit("swift (stand-in): only swift build, got " + " ".join(args))
known = json.load(open(os.environ["SWIFT_BUILD_OPTIONS"]))
options, i = {}, 1
while i < len(args):
    word = args[i]
    if word not in known:
        sys.exit(f"swift (stand-in): error: Unknown option '{word}'")
    if known[word]:
        if i + 1 >= len(args):
            sys.exit(f"swift (stand-in): error: Missing value for '{word}'")
        options[word] = args[i + 1]
        i += 2
    else:
        options[word] = True
        i += 1
package = options.get("--package-path", ".")
manifest = os.path.join(package, "Package.swift")
if not os.path.isfile(manifest):
    sys.exit(f"swift (stand-in): error: Could not find Package.swift in {package}")
products = re.findall(r'\.executable\(name: "([^"]+)"', open(manifest).read())
product = options.get("--product")
if product not in products:
    sys.exit(f"swift (stand-in): error: no product named '{product}' (products: {products})")
configuration = options.get("-c", options.get("--configuration", "debug"))
folder = os.path.join(package, ".build", configuration)
os.makedirs(folder, exist_ok=True)
os.symlink(os.environ["PROBE_SERVER_BIN"], os.path.join(folder, product))
open(os.environ["STANDIN_LOG"], "a").write("swift " + " ".join(args) + "\n")
'''

# The app's Gradle wrapper: the debug build must come after the server made its CA and must
# carry that CA (the network security config's debug trust anchor).
GRADLEW = r'''#!/usr/bin/env python3
import os, sys
if sys.argv[1:] != ["assembleDebug"]:
    sys.exit("gradlew (stand-in): assembleDebug is the debug build the workflow installs; got " + " ".join(sys.argv[1:]))
ca, apk = os.environ["APP_DEBUG_CA"], os.environ["APP_APK"]
if not os.path.isfile(ca) or open(ca, "rb").read() != open("probe-data/ca.pem", "rb").read():
    sys.exit(f"gradlew (stand-in): {ca} is not the running server's CA: the debug build would not trust it")
os.makedirs(os.path.dirname(apk), exist_ok=True)
open(apk, "wb").write(b"PK\x03\x04 the app under test")
open(os.environ["STANDIN_LOG"], "a").write("gradlew assembleDebug\n")
'''


def swift_build_options():
    """`swift build --help`'s options: {option: takes a value}."""
    text = subprocess.run(["swift", "build", "--help"], capture_output=True, text=True, check=True).stdout
    options = {}
    for line in text.splitlines():
        if not re.match(r"^\s+-", line):
            continue
        head = re.split(r"\s{2,}", line.strip())[0]
        # "-c, --configuration <configuration>": both names take the value.
        for part in re.split(r",\s*|/", head):
            name = part.split(" ")[0]
            if re.fullmatch(r"--?[A-Za-z][\w-]*", name):
                options[name] = "<" in head
    return options


def emulator_script_lines(script):
    """The emulator action's own reading of `script` (lib/script-parser.js): each line trimmed,
    blank lines and `#` comments dropped; it runs each with `sh -c`."""
    return [line.strip() for line in script.strip().splitlines() if line.strip() and not line.strip().startswith("#")]


def package_apt_providers():
    """The Debian packages Package.swift's systemLibrary targets name as their providers."""
    text = open(os.path.join(ROOT, "Package.swift"), encoding="utf-8").read()
    return {name for group in re.findall(r"\.apt\(\[([^\]]*)\]\)", text) for name in re.findall(r'"([^"]+)"', group)}


class WorkflowRun:
    """One run of the workflow's commands, as the runner and the emulator action run them."""

    def __init__(self, workflow, tmp_path):
        self.job = workflow["jobs"]["probe"]
        self.tmp = tmp_path
        self.work = tmp_path / "workspace"
        self.work.mkdir()
        bin_dir = tmp_path / "standins"
        bin_dir.mkdir()
        for name, source in (("adb", ADB), ("sudo", SUDO), ("swift", SWIFT)):
            path = bin_dir / name
            path.write_text(f"#!{sys.executable}\n{source}")
            path.chmod(0o755)
        self.open_on_device = tmp_path / "open-on-device"
        self.open_on_device.write_text(f"#!{sys.executable}\n{OPEN_ON_DEVICE}")
        self.open_on_device.chmod(0o755)
        gradlew = self.work / "gradlew"  # the app's checkout
        gradlew.write_text(GRADLEW.replace("/usr/bin/env python3", sys.executable, 1))
        gradlew.chmod(0o755)
        (tmp_path / "device.py").write_text(DEVICE)
        options = tmp_path / "swift-build-options.json"
        options.write_text(json.dumps(swift_build_options()))
        self.files = {name: str(tmp_path / name) for name in ("GITHUB_ENV", "GITHUB_PATH", "GITHUB_STEP_SUMMARY")}
        for path in self.files.values():
            open(path, "w").close()
        self.log = tmp_path / "standins.log"
        self.device_pids = tmp_path / "device.pids"
        self.env = dict(os.environ, **{k: str(v) for k, v in self.job.get("env", {}).items()}, **self.files,
                        GITHUB_ACTIONS="true", GITHUB_REF_NAME="main", GITHUB_SHA="0123abc", GITHUB_WORKSPACE=str(self.work),
                        STANDIN_LOG=str(self.log), DEVICE_PIDS=str(self.device_pids), DEVICE_SCRIPT=str(tmp_path / "device.py"),
                        SWIFT_BUILD_OPTIONS=str(options), PROBE_SERVER_BIN=BINARY,
                        # The tested binary is not on PATH: the workflow's build step puts it there.
                        PATH=str(bin_dir) + ":" + os.environ["PATH"].replace(os.path.dirname(BINARY) + ":", ""))
        for name in ("PROBE_SERVER", "PROBE_TOKEN", "PROBE_DATA_DIR"):
            self.env.pop(name, None)
        # The workflow's own ports may be taken on this machine: other values, the same commands.
        port = free_pair()
        self.env.update(PROBE_PORT=str(port), PROBE_SECOND_PORT=str(port + 1))
        self.ran, self.outputs, self.failed = [], {}, False
        self.opened_on_device = []

    def run(self):
        for step in self.job["steps"]:
            name = step.get("name", step.get("uses"))
            if self.failed and "always()" not in str(step.get("if", "")):
                continue
            done = self.action(step) if "uses" in step else self.shell(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]])
            self.ran.append(name)
            self.outputs[name] = done
            self.failed = self.failed or done.returncode != 0
            self.env.update(read_env_file(self.files["GITHUB_ENV"]))
            extra = [line for line in open(self.files["GITHUB_PATH"]).read().splitlines() if line]
            for folder in reversed(extra):
                if folder not in self.env["PATH"].split(":"):
                    self.env["PATH"] = folder + ":" + self.env["PATH"]
        return self

    def shell(self, argv, env=None):
        return subprocess.run(argv, cwd=self.work, env=env or self.env, capture_output=True, text=True, timeout=400)

    def action(self, step):
        uses, given = step["uses"], step.get("with", {}) or {}
        if uses.startswith("actions/checkout@"):
            if "path" in given:
                # probe-server's checkout: what `swift build --package-path` reads.
                folder = self.work / given["path"]
                folder.mkdir(parents=True)
                (folder / "Package.swift").symlink_to(os.path.join(ROOT, "Package.swift"))
            return subprocess.CompletedProcess(uses, 0, "", "")
        if uses.startswith("actions/upload-artifact@"):
            path = self.work / given["path"]
            ok = path.exists() and any(path.iterdir())
            return subprocess.CompletedProcess(uses, 0 if ok else 1, "", "" if ok else f"no files at {given['path']}")
        assert uses.startswith(EMULATOR_ACTION), f"an action this test cannot stand in for: {uses}"
        assert given.get("api-level"), "the emulator action needs api-level"
        env = dict(self.env, EMULATOR_PORT="5554", ANDROID_SERIAL="emulator-5554")
        outputs = []
        for line in emulator_script_lines(given["script"]):
            # The one command no emulator can run here: the device opens the URL (the stand-in
            # reads the line as the device's shell would).
            argv = ["sh", "-c", line]
            if re.match(r"^adb\s+shell\s+am\s+start\b", line):
                argv = ["sh", "-c", str(self.open_on_device) + line[len("adb"):]]
            done = self.shell(argv, env)
            outputs.append((line, done))
            if done.returncode != 0:
                break
        last = outputs[-1][1]
        return subprocess.CompletedProcess(uses, last.returncode, "".join(d.stdout for _, d in outputs),
                                           "".join(f"$ {line}\n{d.stderr}" for line, d in outputs))

    def standins(self):
        return self.log.read_text().splitlines() if self.log.exists() else []

    def stop(self):
        pids = []
        if self.device_pids.exists():
            pids += [(int(p), signal.SIGKILL, True) for p in self.device_pids.read_text().split()]
        server = self.work / "probe-server.pid"
        if server.exists() and server.read_text().strip().isdigit():
            pids.append((int(server.read_text()), signal.SIGTERM, False))
        for pid, sig, group in pids:
            try:
                os.killpg(pid, sig) if group else os.kill(pid, sig)
            except ProcessLookupError:
                pass


def free_pair():
    """A port whose successor is free too (the workflow's second origin is the next port)."""
    for _ in range(50):
        port = free_port()
        with socket.socket() as s:
            try:
                s.bind(("", port + 1))
                return port
            except OSError:
                continue
    raise RuntimeError("no free pair of ports")


def read_env_file(path):
    values = {}
    if os.path.exists(path):
        for line in open(path, encoding="utf-8").read().splitlines():
            if "=" in line:
                key, value = line.split("=", 1)
                values[key] = value
    return values


def load_workflow():
    import yaml
    workflow = yaml.safe_load(open(WORKFLOW, encoding="utf-8"))
    assert set(workflow) >= {"name", "jobs"} and (True in workflow or "on" in workflow)  # PyYAML reads `on:` as True
    return workflow


def emulator_step(workflow):
    steps = [s for s in workflow["jobs"]["probe"]["steps"] if str(s.get("uses", "")).startswith(EMULATOR_ACTION)]
    assert len(steps) == 1, "one emulator step: the emulator lives only inside it"
    return steps[0]


def test_GitHubWorkflow_OpensTheRunAndWaitsInsideTheEmulatorStep_AndExits0ForACorrectApp(tmp_path):
    workflow = load_workflow()
    assert workflow["jobs"]["probe"]["runs-on"] == "ubuntu-latest"
    # Everything that needs the device lives in the emulator step: no other step calls adb.
    script = emulator_script_lines(emulator_step(workflow)["with"]["script"])
    others = [s for s in workflow["jobs"]["probe"]["steps"] if "run" in s]
    assert not [s["name"] for s in others if re.search(r"\badb\b", s["run"])], "adb outside the emulator step finds no device"
    assert any(re.match(r"^adb\s+shell\s+am\s+start\b", line) for line in script)
    assert any(line.startswith("probe-server wait ") for line in script), "the wait must run while the emulator lives"
    run = WorkflowRun(workflow, tmp_path)
    try:
        run.run()
        names = [s.get("name", s.get("uses")) for s in workflow["jobs"]["probe"]["steps"]]
        assert run.ran == names, (run.ran, {k: v.stderr[-3000:] for k, v in run.outputs.items()})
        for name, done in run.outputs.items():
            assert done.returncode == 0, (name, done.stdout[-3000:], done.stderr[-3000:],
                                          (run.work / "device.log").read_text() if (run.work / "device.log").exists() else "")
        calls = run.standins()
        # The build's Debian packages: every provider of Package.swift's C libraries, and pkg-config.
        installed = {p for line in calls if line.startswith("apt-get install ") for p in line.split()[2:]}
        assert installed >= package_apt_providers() | {"pkg-config"}, installed
        assert calls.index("apt-get update") < next(i for i, c in enumerate(calls) if c.startswith("apt-get install "))
        # On the device: the APK installed (with its permissions granted), both ports reversed, then the run opened.
        apk = str(run.work / run.env["APP_APK"])
        install = next(i for i, c in enumerate(calls) if c.startswith("install "))
        assert calls[install].endswith(" " + apk) and "-g" in calls[install].split(), calls[install]
        for port in (run.env["PROBE_PORT"], run.env["PROBE_SECOND_PORT"]):
            assert f"reverse tcp:{port} tcp:{port}" in calls, calls
        opened = [c[len("open "):] for c in calls if c.startswith("open ")]
        assert len(opened) == 1 and install < calls.index("open " + opened[0])
        assert opened[0] == run.env["RUN_URL"] + "&mode=unattended"
        # The verdict: a correct app's unattended run is READY, and the wait said so with exit 0.
        report = run.work / "probe-report"
        document = json.load(open(report / "report.json"))
        assert document["run"]["id"] == run.env["RUN"]
        assert document["run"].get("completedAt"), "the device did not complete the run:\n" + (run.work / "device.log").read_text()
        assert document["diff"]["verdict"] == "ready", document["diff"]["verdictReasons"]
        left = [r for r in document["diff"]["reasons"] if r["kind"] == "left-to-person"]
        assert left and "file.accept" in left[0]["ids"], "the untapped steps are named as left to a person"
        assert next(f for f in document["diff"]["findings"] if f["probe"] == "file.accept")["observed"] == "not run (needs a person)"
        # --out: every format in one folder; JUnit valid against the schema, one case per probe, no error.
        assert sorted(os.listdir(report)) == ["TEST-probe-server.xml", "report.css", "report.html", "report.json", "report.md"]
        from junitparser import JUnitXml
        xml = JUnitXml.fromfile(str(report / "TEST-probe-server.xml"))
        cases = [case for suite in xml for case in suite]
        assert len(cases) == len(document["diff"]["findings"]) > 0
        assert sum(suite.errors for suite in xml) == 0
        valid = subprocess.run(["xmllint", "--noout", "--schema", SCHEMA, str(report / "TEST-probe-server.xml")], capture_output=True, text=True)
        assert valid.returncode == 0, valid.stderr
        # GITHUB_ACTIONS=true: the job summary and one annotation per failing or warning finding.
        waited = run.outputs[emulator_step(workflow)["name"]]
        findings = document["diff"]["findings"]
        annotated = [line for line in waited.stdout.splitlines() if line.startswith(("::error ", "::warning "))]
        assert len(annotated) == len([f for f in findings if f["verdict"] in ("fail", "warn")]), waited.stdout
        assert open(run.files["GITHUB_STEP_SUMMARY"], encoding="utf-8").read().startswith("### ")
    finally:
        run.stop()


@pytest.mark.parametrize("mutation", [
    # The device's shell cuts an unquoted URL at `&`: the run would open attended.
    ("the run URL without the device shell's quotes", lambda s: s.replace("\"'$RUN_URL&mode=unattended'\"", "\"$RUN_URL&mode=unattended\""),
     "the device's shell cuts the line at '&'"),
    ("a flag probe-server wait does not have", lambda s: s.replace("--out probe-report", "--output-dir probe-report"),
     "unknown option --output-dir"),
    ("the APK installed after the run is opened", lambda s: "\n".join(sorted(s.splitlines(), key=lambda line: line.startswith("adb install"))),
     "the app is not installed"),
    ("the second origin's port not reversed", lambda s: s.replace("adb reverse tcp:$PROBE_SECOND_PORT tcp:$PROBE_SECOND_PORT\n", ""),
     "no adb reverse tcp:"),
], ids=["unquoted-url", "wrong-flag", "install-last", "one-port"])
def test_GitHubWorkflow_WithAWrongCommand_FailsItsEmulatorStep(tmp_path, mutation):
    """The harness above is no rubber stamp: the same workflow with one command broken fails."""
    what, change, said = mutation
    workflow = load_workflow()
    step = emulator_step(workflow)
    original = step["with"]["script"]
    step["with"]["script"] = change(original)
    assert step["with"]["script"] != original, f"the mutation ({what}) no longer matches the workflow"
    run = WorkflowRun(workflow, tmp_path)
    try:
        run.run()
        done = run.outputs.get(step["name"])
        assert done is not None and done.returncode != 0, (what, done and done.stderr[-2000:])
        assert said in done.stderr, (what, done.stderr[-2000:])
    finally:
        run.stop()
