"""The page's source: ES2017 syntax only, no inline script or style, within its weight."""
import gzip
import pathlib
import re

import esprima
import pytest

PUBLIC = pathlib.Path(__file__).resolve().parents[2] / "Public"
SCRIPTS = sorted(PUBLIC.rglob("*.js"))
PAGES = sorted(PUBLIC.rglob("*.html"))
# The budget for the page itself (index.html, its CSS and its scripts), in KiB.
RAW_BUDGET = 60 * 1024
GZIP_BUDGET = 20 * 1024


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
    html = (PUBLIC / "index.html").read_text()
    refs = re.findall(r'(?:src|href)="([^":]+\.(?:js|css))"', html)
    return [PUBLIC / "index.html"] + [PUBLIC / r.lstrip("/") for r in refs]


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
