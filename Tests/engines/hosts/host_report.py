"""The host report both WebView hosts answer with (docs/host-report.md): the facts each host
reads from its own engine's settings, in the catalog's schema, and the origin check every
companion snippet makes. Free of GTK and Qt, like common.py."""

import json

import common

SCHEMA = "probe-server.host-report/1"


def fact(value, how):
    return {"value": value, "how": how}


def answers(page_url, app_origin):
    """Only the probe server's page gets a report (the companion snippets' origin check)."""
    return bool(page_url) and common.origin_of(page_url) == tuple(app_origin)


def document(platform, wrapper, facts):
    return json.dumps({"schema": SCHEMA, "host": {"platform": platform, "wrapper": wrapper}, "facts": facts}, sort_keys=True)


def os_camera(a):
    """The stand-in for the OS camera switch: Linux has no app-level camera permission, so
    the host holds one of its own (--os-camera) and denies before its handler when it is off,
    as WebKit does when AVCaptureDevice's authorization is denied."""
    return fact(a.os_camera, "the host's OS camera switch (--os-camera; Linux has no per-app camera permission)")
