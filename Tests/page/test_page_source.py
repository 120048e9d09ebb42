"""The page's source: ES2017 syntax only, no inline script or style, within its weight."""
import gzip
import pathlib
import re

import esprima
import pytest

PUBLIC = pathlib.Path(__file__).resolve().parents[2] / "Public"
SCRIPTS = sorted(PUBLIC.rglob("*.js"))
PAGES = sorted(PUBLIC.rglob("*.html"))
# What a device loads before the first step runs (index.html and the CSS and JS it links),
# gzip at level 9 as the server stores it: a phone on a slow link (400 kbit/s) fetches 30 KB
# in well under a second. bench/bench.py reports the same figure against the same budget.
GZIP_BUDGET = 30 * 1024
# Raw bytes are what an old phone parses; gzip is what the link pays, and the real limit.
RAW_BUDGET = 100 * 1024


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: str(p.relative_to(PUBLIC)))
def test_every_script_parses_as_es2017(script):
    # esprima 4 implements ECMAScript 2017 and nothing later: optional chaining, `??`,
    # object spread or optional catch bindings fail to parse here.
    esprima.parseScript(script.read_text())


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: str(p.relative_to(PUBLIC)))
def test_no_eval_and_no_string_timers(script):
    text = script.read_text()
    assert not re.search(r"\beval\s*\(|new Function\s*\(|setTimeout\(\s*['\"]", text), "the CSP forbids eval"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(PUBLIC)))
def test_no_inline_script_style_or_handlers(page):
    html = page.read_text()
    for tag in re.findall(r"<script\b[^>]*>", html):
        assert "src=" in tag, f"inline script in {page.name}: the CSP (script-src 'self') blocks it"
    assert not re.search(r"<style\b", html), "inline <style>: style-src 'self' blocks it"
    assert not re.search(r"\sstyle\s*=", html), "style= attribute: style-src 'self' blocks it"
    assert not re.search(r"\son[a-z]+\s*=", html), "inline event handler: script-src 'self' blocks it"


def page_files():
    # The templates' scripts load once the first screen is up (app.js, later-scripts).
    # And what it prefetches in idle time (rel=prefetch: the away page's script).
    html = re.sub(r"<template\b.*?</template>|<link rel=\"prefetch\"[^>]*>", "", (PUBLIC / "index.html").read_text(), flags=re.S)
    refs = re.findall(r'(?:src|href)="([^":]+\.(?:js|css))"', html)
    return [PUBLIC / "index.html"] + [PUBLIC / r.lstrip("/") for r in refs]


def test_every_probe_script_is_loaded_once_in_order_before_its_step():
    """probes/common.js first (it creates ProbeImpl), the first phases' files, app.js last;
    defer keeps that order (https://html.spec.whatwg.org/multipage/scripting.html#attr-script-defer).
    app.js loads the later phases' files (index.html's later-scripts template) while the first
    steps run."""
    html = (PUBLIC / "index.html").read_text()
    templates = dict(re.findall(r'<template id="([^"]+)">(.*?)</template>', html, re.S))
    assert set(templates) == {"later-scripts", "welcome-script", "host-report-script", "fixture-clip"}, templates.keys()
    tags = re.findall(r"<script\b[^>]*>", re.sub(r"<template\b.*?</template>", "", html, flags=re.S))
    assert all(" defer" in t for t in tags), tags
    loaded = [t.split('src="')[1].split('"')[0] for t in tags]
    later = re.findall(r'<script src="([^"]+)"></script>', templates["later-scripts"])
    assert later[-1] == "end.js", later
    later = [f for f in later if f.startswith("probes/")]
    files = sorted(str(p.relative_to(PUBLIC)) for p in (PUBLIC / "probes").glob("*.js"))
    first = [f for f in loaded if f.startswith("probes/")]
    assert sorted(first + later) == files, "a probe file is not loaded (or is loaded twice)"
    assert loaded.index("probes/common.js") < min(loaded.index(f) for f in first if f != "probes/common.js")
    assert loaded[-1] == "app.js"


def test_no_bare_time_limits_in_the_probes():
    """Every time limit is a catalog threshold (ctx.limit / pageLimit): setTimeout, sleep and
    within take a name, never a number."""
    for script in sorted((PUBLIC / "probes").glob("*.js")):
        text = script.read_text()
        bare = re.findall(r",\s*\d{3,}\s*[,)]|sleep\(\s*\d+|timeout\s*=\s*\d+", text)
        assert bare == [], f"{script.name}: bare time limits {bare}; declare a threshold on the probe in its file in Areas/<Area>/"


def test_every_named_limit_the_page_uses_is_declared_by_the_catalog(server):
    catalog = server.get("/api/config")["catalog"]
    own = {t["name"] for p in catalog["probes"] for t in p.get("thresholds", [])}
    page = {t["name"] for t in catalog["thresholds"]["page"]}
    for script in SCRIPTS:
        text = script.read_text()
        for name in re.findall(r"\blimit\('(\w+)'\)", text):
            assert name in own | page, f"{script.name} uses limit('{name}'), which no probe declares"
        for name in re.findall(r"pageLimit\('(\w+)'\)", text):
            assert name in page, f"{script.name} uses pageLimit('{name}'), which thresholds.page does not declare"


def test_page_is_within_its_weight_budget():
    files = page_files()
    raw = sum(f.stat().st_size for f in files)
    zipped = sum(len(gzip.compress(f.read_bytes(), 9)) for f in files)
    print(f"page weight: {raw} bytes raw, {zipped} bytes gzip ({', '.join(f.name for f in files)})")
    assert raw <= RAW_BUDGET, f"{raw} bytes raw > {RAW_BUDGET}"
    assert zipped <= GZIP_BUDGET, f"{zipped} bytes gzip > {GZIP_BUDGET}"


def test_media_fixtures_are_small():
    for f in (PUBLIC / "media").iterdir():
        assert f.stat().st_size < 16 * 1024, f"{f.name} is {f.stat().st_size} bytes; keep fixtures a few KB"
