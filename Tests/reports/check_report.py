#!/usr/bin/env python3
"""Checks a probe-server report file the way CI and browsers will read it.

  check_report.py junit FILE   parse with junitparser (installed from PyPI if missing)
                               and ElementTree; print a JSON summary
  check_report.py html FILE    parse with html.parser; print every element and attribute
                               name, and fail on anything executable or inline-styled

Exit 0 and a JSON object on stdout when the file passes; exit 1 with the reason otherwise.
"""
import json
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from html.parser import HTMLParser


def ensure_junitparser():
    try:
        import junitparser  # noqa: F401
    except ImportError:
        subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet", "junitparser"])
    import junitparser
    return junitparser


def check_junit(path):
    junitparser = ensure_junitparser()
    ElementTree.parse(path)  # raises on malformed XML
    xml = junitparser.JUnitXml.fromfile(path)
    suites = list(xml) if isinstance(xml, junitparser.JUnitXml) else [xml]
    summary = {"suites": len(suites), "tests": 0, "failures": 0, "errors": 0, "skipped": 0, "cases": []}
    for suite in suites:
        summary["tests"] += suite.tests
        summary["failures"] += suite.failures
        summary["errors"] += suite.errors
        summary["skipped"] += suite.skipped
        summary["properties"] = {p.name: p.value for p in suite.properties()}
        for case in suite:
            outcome = "pass"
            message = None
            text = None
            kind = None
            for result in case.result:
                outcome = type(result).__name__.lower()
                message = result.message
                text = result.text
                kind = result.type
            summary["cases"].append({"classname": case.classname, "name": case.name, "outcome": outcome,
                                     "message": message, "type": kind, "text": text, "time": case.time})
    return summary


class Collector(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags = []
        self.problems = []
        self.in_own_script = False

    def handle_data(self, data):
        if self.in_own_script and data.strip():
            self.problems.append("inline code in <script src>")

    def handle_endtag(self, tag):
        if tag == "script":
            self.in_own_script = False

    # The report page's one script: the server's own file, loaded by src (the CSP allows
    # 'self' only), with nothing inline.
    OWN_SCRIPT = [("src", "/assets/report.js"), ("defer", None)]

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag == "script" and attrs == self.OWN_SCRIPT:
            self.in_own_script = True
            return
        if tag in ("script", "img", "iframe", "object", "embed", "style", "svg", "math", "base"):
            self.problems.append("element <%s>" % tag)
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append("event handler attribute %s on <%s>" % (name, tag))
            if name == "style":
                self.problems.append("inline style on <%s>" % tag)
            if name in ("href", "src", "action") and value and value.strip().lower().startswith("javascript:"):
                self.problems.append("javascript: URL in %s" % name)


def check_html(path):
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    collector = Collector()
    collector.feed(text)
    collector.close()
    if collector.problems:
        raise ValueError("; ".join(collector.problems))
    return {"elements": sorted(set(collector.tags))}


def main():
    mode, path = sys.argv[1], sys.argv[2]
    try:
        result = check_junit(path) if mode == "junit" else check_html(path)
    except Exception as error:  # the reason is the test's message
        print("%s: %s" % (type(error).__name__, error), file=sys.stderr)
        return 1
    json.dump(result, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
