"""Every command the README shows is one a test runs: the quick start's server answers with
the page, `try` is the trial test_try.py plays, the build's packages are the ones test.sh
installs, and the release build's binary lands where the README says. A command added to the
README without a way it is exercised fails here until it gets one."""
import os
import re
import shlex
import subprocess

from conftest import ROOT

README = os.path.join(ROOT, "README.md")


def readme_commands():
    """Each command line of the README's ```sh blocks, without its trailing comment."""
    text = open(README, encoding="utf-8").read()
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.splitlines():
            command = re.sub(r"\s+#.*$", "", line).strip()
            if command and not command.startswith("#"):
                lines.append(command)
    return lines


def defines_test(path, name):
    """True when the test file defines that test."""
    return re.search(rf"^def {re.escape(name)}\(", open(os.path.join(ROOT, path), encoding="utf-8").read(), re.M) is not None


def needs_build():
    text = open(os.path.join(ROOT, "Tests", "lib", "needs.sh"), encoding="utf-8").read()
    return re.search(r"^NEEDS_BUILD=\(([^)]*)\)", text, re.M).group(1).split()


# How each command is exercised: a check run here, or the test that runs it.
EXERCISED = {
    "swift run probe-server": "test_the_quick_start_serves_the_probe_page_on_its_defaults (below)",
    "./test.sh": ".ci/run calls it (test_ci_runs_the_readmes_test_command, below)",
    "swift run probe-server try": "Tests/system/test_try.py::test_try_in_chromium_prints_every_step_and_exits_with_the_verdict",
    "sudo apt-get install libssl-dev libsqlite3-dev libpq-dev zlib1g-dev pkg-config":
        "test_the_build_packages_are_the_ones_test_sh_installs (below)",
    "swift build -c release": "the container suite builds the image with it (test_the_release_build_is_the_images_build, below)",
    'export PATH="$PWD/.build/release:$PATH"': "test_the_release_binary_lands_where_the_path_says (below)",
}


def test_every_readme_command_is_one_a_test_exercises():
    commands = readme_commands()
    assert "swift run probe-server" in commands and "./test.sh" in commands, commands
    unexercised = [c for c in commands if c not in EXERCISED]
    assert not unexercised, f"README commands no test exercises (add each to EXERCISED with its test): {unexercised}"
    for command, how in EXERCISED.items():
        assert command in commands, f"EXERCISED names {command!r}, which the README no longer shows"
        if "::" in how:
            path, name = how.split("::")
            assert defines_test(path, name), f"{how} does not exist"


def test_ci_runs_the_readmes_test_command():
    ci = open(os.path.join(ROOT, ".ci", "run"), encoding="utf-8").read()
    assert re.search(r"(^|\s)\./test\.sh\b", ci), ".ci/run must run the README's ./test.sh"


def test_the_build_packages_are_the_ones_test_sh_installs():
    [install] = [c for c in readme_commands() if c.startswith("sudo apt-get install")]
    assert sorted(shlex.split(install)[3:]) == sorted(needs_build())


def test_the_release_build_is_the_images_build():
    containerfile = open(os.path.join(ROOT, "Containerfile"), encoding="utf-8").read()
    assert re.search(r"^RUN swift build -c release\b", containerfile, re.M), \
        "the image no longer builds with the README's `swift build -c release`"


def test_the_release_binary_lands_where_the_path_says():
    shown = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT,
                           capture_output=True, text=True, timeout=300)
    assert shown.returncode == 0, shown.stderr
    # .build/release is SwiftPM's link to the triple's release folder, .build/TRIPLE/release.
    folder = shown.stdout.strip()
    assert os.path.basename(folder) == "release" and os.path.dirname(os.path.dirname(folder)) == os.path.join(ROOT, ".build"), folder


def test_the_quick_start_serves_the_probe_page_on_its_defaults(tmp_path):
    """`swift run probe-server`, as written, on its default ports (8443, 8444, 8080): in a
    network namespace of its own, so the defaults cannot collide with anything on the machine,
    with its data folder and CA in the test's folder."""
    data, ca = tmp_path / "probe-data", tmp_path / "ca"
    script = f"""
ip link set lo up
swift run probe-server > {tmp_path}/out.txt 2>&1 &
for i in $(seq 1 600); do
  if curl -fsS --cacert {data}/ca.pem https://localhost:8443/ -o {tmp_path}/page.html 2>/dev/null; then
    kill -TERM %1; wait; exit 0
  fi
  sleep 0.5
done
kill -TERM %1; wait; exit 1
"""
    env = dict(os.environ, PROBE_DATA_DIR=str(data), PROBE_CA_DIR=str(ca))
    env.pop("PROBE_TOKEN", None)
    done = subprocess.run(["unshare", "--net", "bash", "-c", script], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=900)
    out = (tmp_path / "out.txt").read_text() if (tmp_path / "out.txt").exists() else ""
    assert done.returncode == 0, out + done.stderr
    assert "open the probe page at:" in out and "https://localhost:8443/" in out, out
    assert "<title>" in (tmp_path / "page.html").read_text()
    assert (ca / "ca-key.pem").exists() and not (data / "ca-key.pem").exists()
