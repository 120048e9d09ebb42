"""What the walks of docs/adding-a-probe.md and docs/adding-a-wrapper.md share: a copy of the
repository under git, and a guide's marked blocks applied to it where each says it goes.

A block is marked by an HTML comment the rendered page hides, followed by a fenced block:
    <!-- add to PATH (after|at the end of|before the last|in place of) "ANCHOR" -->
    <!-- create PATH -->
"after" puts it below the one line holding ANCHOR, "at the end of" before the line closing the
bracket that line opens, "before the last" above the last line holding ANCHOR, "in place of"
instead of the one line holding ANCHOR; "create" writes a new file. A quote in ANCHOR is \"."""
import os
import re
import shutil
import subprocess

MARKED = re.compile(
    r'<!-- (?:add to (\S+) (after|at the end of|before the last|in place of) "((?:[^"\\]|\\.)*)"|(create) (\S+)) -->\n```\w*\n(.*?)```',
    re.S)
# A debug build of the whole package with its tests, from nothing, on two shared cores.
BUILD_TIMEOUT_SECONDS = 2400


def blocks(guide):
    """The guide's blocks in order, each (path, how, anchor, text); how is "create" for a new file."""
    out = []
    for path, how, anchor, create, new_path, text in MARKED.findall(open(guide).read()):
        # An anchor holding a quote writes it \" (Package.swift's "maui",).
        out.append((new_path, create, None, text) if create else (path, how, anchor.replace('\\"', '"'), text))
    return out


def apply(lines, how, anchor, block):
    """Where the guide says the block goes; an anchor that is missing or ambiguous fails."""
    hits = [i for i, line in enumerate(lines) if anchor in line]
    assert hits, f"the guide's anchor {anchor!r} is not in the file"
    new = block.rstrip("\n").split("\n")
    if how == "before the last":
        at = hits[-1]
        return lines[:at] + new + lines[at:]
    assert len(hits) == 1, f"the guide's anchor {anchor!r} stands {len(hits)} times"
    if how == "in place of":
        return lines[:hits[0]] + new + lines[hits[0] + 1:]
    at = hits[0] + 1
    if how == "at the end of":
        indent = lines[hits[0]][: len(lines[hits[0]]) - len(lines[hits[0]].lstrip())]
        at = next(i for i in range(at, len(lines)) if lines[i] in (indent + "]", indent + "}"))
    return lines[:at] + new + lines[at:]


def apply_guide(guide, copy):
    """Every block of the guide applied to the copy; returns how many there were."""
    marked = blocks(guide)
    for path, how, anchor, text in marked:
        target = copy / path
        if how == "create":
            assert not target.exists(), f"the guide creates {path}, which exists"
            os.makedirs(target.parent, exist_ok=True)
            target.write_text(text)
        else:
            lines = target.read_text().split("\n")
            target.write_text("\n".join(apply(lines, how, anchor, text)))
    return len(marked)


def run(copy, *args, env=None, timeout=BUILD_TIMEOUT_SECONDS):
    done = subprocess.run(list(args), cwd=copy, capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, **(env or {})})
    assert done.returncode == 0, f"{' '.join(args)} failed:\n{done.stdout[-6000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def changed(copy):
    """The files that differ from the copy's first commit, new ones included."""
    out = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=copy,
                         capture_output=True, text=True, check=True).stdout
    return {line[3:] for line in out.splitlines()}


def copy_repository(root, copy, keep=()):
    """The repository's tracked and unignored files copied into `copy` and committed there. Names
    in `keep` (a build folder) are left in `copy` as they are; everything else there goes."""
    if copy.exists():
        for name in os.listdir(copy):
            if name not in keep:
                path = copy / name
                shutil.rmtree(path) if path.is_dir() and not path.is_symlink() else path.unlink()
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=root,
                           capture_output=True, text=True, check=True).stdout.splitlines()
    for name in files:
        source = os.path.join(root, name)
        if os.path.isfile(source):
            os.makedirs(os.path.dirname(copy / name), exist_ok=True)
            shutil.copy2(source, copy / name)
    run(copy, "git", "init", "-q")
    run(copy, "git", "add", "-A")
    run(copy, "git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "before")
