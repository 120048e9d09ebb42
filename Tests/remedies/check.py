#!/usr/bin/env python3
"""Every fix the catalog shows an integrator goes through a real compiler or parser.

Reads the `remedies` section of `probe-server catalog --json` (each remedy's fix per wrapper,
each merged fix, the combined fix of every set of remedies one finding can carry, each
wrapper fix),
wraps each snippet in a compilation unit by its kind (KINDS below), and runs, against the
minimal platform stubs in stubs/:

  Swift       swiftc -typecheck          (stubs/WebKit.swift as the modules WebKit, UIKit, AVFoundation, Capacitor)
  Kotlin      kotlinc (Debian `kotlin`)   (stubs/android.java compiled by javac)
  Java        javac                       (the same stubs)
  JSX / TS    tsc (Debian `node-typescript`, stubs/react-native.d.ts)
  JavaScript  tsc --checkJs
  C#          mcs (Debian `mono-mcs`, stubs/maui.cs)
  Dart        tree-sitter with the Dart grammar (PyPI `tree-sitter`, `tree-sitter-dart`): parsed
  XML         xmllint --noout

Each failure is printed with the snippet id and the compiler's message; the exit status is 1
when any snippet fails. Usage: check.py CATALOG_JSON [WORK_DIR]  ("-" reads standard input).
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
STUBS = HERE / "stubs"

# ---------------------------------------------------------------------------------------------
# Kinds: where a snippet goes. A native line's kind follows from what it declares (the export's
# `members`) and from its first comment, which tells the reader where to paste it ("In
# onPermissionRequest: …"); a wrapper fix's kind is listed by id in WRAPPER_KINDS.

KOTLIN_CHROME = {"onPermissionRequest", "onShowFileChooser"}
KOTLIN_VIEW_CLIENT = {"shouldOverrideUrlLoading", "onReceivedError", "onReceivedHttpError",
                      "shouldInterceptRequest", "onRenderProcessGone"}
SWIFT_UI = ("webView(_:requestMediaCapturePermissionFor:", "webView(_:createWebViewWith:")
SWIFT_NAVIGATION = ("webView(_:decidePolicyFor:", "webView(_:didFailProvisionalNavigation:",
                    "webViewWebContentProcessDidTerminate(")
# A fragment that belongs inside one callback says so in its first comment.
BODY_OF = {
    "Kotlin": [("In onPermissionRequest", "kotlin.permissionRequestBody"),
               ("In onShowFileChooser", "kotlin.fileChooserBody"),
               ("In shouldOverrideUrlLoading", "kotlin.urlLoadingBody")],
    "Swift": [("In requestMediaCapturePermissionFor", "swift.mediaCaptureBody"),
              ("In decidePolicyFor", "swift.navigationActionBody")],
}

# Wrapper fixes: complete files, or a fragment of a named kind. Ids are wrapper/setting[/family].
WRAPPER_KINDS = {
    "capacitor/camera-origin/android": "kotlin.file",
    "capacitor/camera-origin/ios": "swift.file",
    "capacitor/permission-handler": "ts.module",
    "capacitor/inline-playback/ios": "swift.file",
    "capacitor/autoplay": "comment",
    "capacitor/file-chooser/android": "kotlin.capacitorFile",
    "capacitor/storage": "ts.module",
    "capacitor/cookies": "ts.module",
    "react-native-webview/camera-origin/ios": "jsx.element",
    "react-native-webview/camera-origin/android": "java.rncChromeClientMember",
    "webview_flutter/camera-origin": "dart.file",
    "webview_flutter/permission-handler": "dart.file",
    "webview_flutter/inline-playback": "dart.file",
    "webview_flutter/autoplay": "comment",
    "webview_flutter/file-chooser/android": "dart.file",
    "webview_flutter/storage": "dart.controllerStatements",
    "webview_flutter/cookies/android": "dart.file",
    "flutter_inappwebview/camera-origin": "dart.file",
    "flutter_inappwebview/permission-handler": "dart.file",
    "flutter_inappwebview/inline-playback": "dart.expression",
    "flutter_inappwebview/autoplay": "dart.inAppArgument",
    "flutter_inappwebview/file-chooser": "dart.inAppArgument",
    "flutter_inappwebview/storage": "dart.inAppArgument",
    "flutter_inappwebview/cookies": "dart.inAppArgument",
    "cordova/camera-origin/android": "java.file",
    "cordova/camera-origin/ios": "xml.configPlatform",
    "cordova/permission-handler/android": "js.script",
    "cordova/inline-playback/ios": "xml.configPlatform",
    "cordova/autoplay/ios": "xml.configPlatform",
    "cordova/file-chooser/android": "java.cordovaActivityMember",
    "cordova/storage": "xml.configPlatform",
    "cordova/cookies": "prose",
    "maui/camera-origin/android": "cs.file",
    "maui/camera-origin/ios": "cs.file",
    "maui/permission-handler": "cs.asyncStatements",
    "maui/inline-playback/ios": "cs.statements",
    "maui/autoplay/android": "cs.statements",
    "maui/file-chooser/android": "cs.file",
    "maui/storage/android": "cs.statements",
    "maui/cookies/android": "cs.statements",
}


def only_comments(code):
    lines = [l.strip() for l in code.splitlines() if l.strip()]
    in_xml = False
    for line in lines:
        if in_xml:
            in_xml = "-->" not in line
            continue
        if line.startswith("<!--"):
            in_xml = "-->" not in line
            continue
        if not line.startswith("//"):
            return False
    return True


def first_comment(code):
    for line in code.splitlines():
        if line.strip().startswith("//"):
            return line.strip()[2:].strip()
        if line.strip():
            return ""
    return ""


def native_kind(language, code, members):
    """The kind of one block of a native line (Swift, Kotlin, JSX)."""
    if only_comments(code):
        return "comment"
    code_lines = [l.strip() for l in code.splitlines() if l.strip()]
    if code_lines[0].startswith(("<!--", "<key>")):
        return "xml.plist"  # Info.plist entries, in the iOS and React Native lines
    head = first_comment(code)
    for prefix, kind in BODY_OF.get(language, []):
        if head.startswith(prefix):
            return kind
    if language == "Kotlin":
        if set(members) & KOTLIN_CHROME:
            return "kotlin.chromeClient"
        if set(members) & KOTLIN_VIEW_CLIENT:
            return "kotlin.webViewClient"
        return "kotlin.activity" if members else "kotlin.statements"
    if language == "Swift":
        if any(m.startswith(SWIFT_UI) for m in members):
            return "swift.uiDelegate"
        if any(m.startswith(SWIFT_NAVIGATION) for m in members):
            return "swift.navigationDelegate"
        return "swift.statements"
    code_lines = [l.strip() for l in code.splitlines() if l.strip() and not l.strip().startswith("//")]
    return "jsx.element" if code_lines and code_lines[0][0] in "<{" else "ts.asyncStatements"


def indent(code, by):
    return "\n".join((by + line) if line.strip() else "" for line in code.splitlines())


# ---------------------------------------------------------------------------------------------
# Compilation units. `parts` is a list of (kind, code): a combined fix puts each of its blocks
# where it goes, in one unit, so blocks that clash (two declarations of a member) fail.

KOTLIN_IMPORTS = """\
import android.Manifest
import android.app.Activity
import android.content.ActivityNotFoundException
import android.content.Context
import android.content.Intent
import android.content.pm.PackageManager
import android.location.LocationManager
import android.net.Uri
import android.os.Bundle
import android.provider.MediaStore
import android.provider.Settings
import android.view.ViewGroup
import android.webkit.*
import android.webkit.WebChromeClient.FileChooserParams
import androidx.activity.ComponentActivity
import androidx.activity.result.ActivityResultLauncher
import androidx.activity.result.contract.ActivityResultContracts
import androidx.camera.lifecycle.ProcessCameraProvider
import androidx.core.app.ActivityCompat
import androidx.core.content.ContextCompat
import androidx.core.content.FileProvider
import androidx.core.location.LocationManagerCompat
import androidx.core.view.ViewCompat
import androidx.core.view.WindowInsetsCompat
import androidx.lifecycle.Lifecycle
import androidx.lifecycle.LifecycleEventObserver
import androidx.webkit.WebViewCompat
import java.io.File
"""

# What the native Kotlin snippets take from the app around them: its WebView, a Context, its
# own screens. Top level, so a snippet that declares one of them shadows it without a clash.
KOTLIN_APP = """\
lateinit var webView: WebView
lateinit var context: Context
lateinit var cameraProvider: ProcessCameraProvider
lateinit var chooser: ActivityResultLauncher<Intent>
const val CAMERA_REQUEST = 1
fun openWebView() {}
fun showRetryScreen() {}
fun showUpdateWebViewScreen() {}
fun recreateWebView() {}
"""


def kotlin_unit(package, parts):
    by = {}
    for kind, code in parts:
        by.setdefault(kind, []).append(code)
    join = lambda kind, ind: "\n\n".join(indent(c, ind) for c in by.get(kind, []))
    chrome = join("kotlin.chromeClient", "        ")
    if "kotlin.permissionRequestBody" in by:
        chrome += "\n        override fun onPermissionRequest(request: PermissionRequest) {\n" + join("kotlin.permissionRequestBody", "            ") + "\n        }"
    if "kotlin.fileChooserBody" in by:
        chrome += ("\n        override fun onShowFileChooser(\n            webView: WebView,\n            filePathCallback: ValueCallback<Array<Uri>>,\n"
                   "            fileChooserParams: FileChooserParams\n        ): Boolean {\n" + join("kotlin.fileChooserBody", "            ") + "\n            return true\n        }")
    client = join("kotlin.webViewClient", "        ")
    if "kotlin.urlLoadingBody" in by:
        client += ("\n        override fun shouldOverrideUrlLoading(view: WebView, request: WebResourceRequest): Boolean {\n"
                   "            val uri = request.url\n" + join("kotlin.urlLoadingBody", "            ") + "\n            return false\n        }")
    for kind in by:
        if kind in ("kotlin.file", "kotlin.capacitorFile"):
            raise ValueError("a Kotlin file is a unit of its own")
    return f"""package {package}

{KOTLIN_IMPORTS}
{KOTLIN_APP}
class HostActivity : ComponentActivity() {{
    fun setUp(savedInstanceState: Bundle?) {{
{join("kotlin.statements", "        ")}
    }}

{join("kotlin.activity", "    ")}

    // The WebChromeClient is an inner class of the Activity, which owns registerForActivityResult.
    inner class ChromeClient : WebChromeClient() {{
{chrome}
    }}

    inner class ViewClient : WebViewClient() {{
{client}
    }}
}}
"""


SWIFT_APP = """\
import WebKit
import UIKit
import AVFoundation

// What the native Swift snippets take from the app around them: its screens and its router.
func showRetryScreen() {}
func showUpdateIOSScreen() {}
final class Router { func open(_ url: URL) {} }
let router = Router()
let captureSession = AVCaptureSession()
"""


def swift_unit(namespace, parts):
    by = {}
    for kind, code in parts:
        by.setdefault(kind, []).append(code)
    join = lambda kind, ind: "\n\n".join(indent(c, ind) for c in by.get(kind, []))
    ui = join("swift.uiDelegate", "        ")
    if "swift.mediaCaptureBody" in by:
        ui += ("\n        func webView(\n            _ webView: WKWebView,\n            requestMediaCapturePermissionFor origin: WKSecurityOrigin,\n"
               "            initiatedByFrame frame: WKFrameInfo,\n            type: WKMediaCaptureType,\n"
               "            decisionHandler: @escaping (WKPermissionDecision) -> Void\n        ) {\n" + join("swift.mediaCaptureBody", "            ") + "\n        }")
    nav = join("swift.navigationDelegate", "        ")
    if "swift.navigationActionBody" in by:
        nav += ("\n        func webView(\n            _ webView: WKWebView,\n            decidePolicyFor navigationAction: WKNavigationAction,\n"
                "            decisionHandler: @escaping (WKNavigationActionPolicy) -> Void\n        ) {\n"
                "            guard let url = navigationAction.request.url else { return decisionHandler(.cancel) }\n"
                + join("swift.navigationActionBody", "            ") + "\n            decisionHandler(.allow)\n        }")
    return f"""{SWIFT_APP}
enum {namespace} {{
    final class Host: UIViewController {{
        let configuration = WKWebViewConfiguration()
        lazy var webView = WKWebView(frame: .zero, configuration: configuration)

        func setUp() {{
{join("swift.statements", "            ")}
        }}
    }}

    final class UIDelegate: NSObject, WKUIDelegate {{
{ui}
    }}

    final class NavigationDelegate: NSObject, WKNavigationDelegate {{
{nav}
    }}
}}
"""


TS_PRELUDE = """\
import * as React from 'react';
import { WebView } from 'react-native-webview';
import { Linking, Platform, PermissionsAndroid } from 'react-native';
import { check, request, PERMISSIONS, RESULTS } from 'react-native-permissions';
import { Camera, CameraDevice } from 'react-native-vision-camera';

// What the React Native snippets take from the screen around them.
declare function setShowWebView(show: boolean): void;
declare function setFailed(failed: boolean): void;
declare function reload(): void;
declare function RetryScreen(props: { onRetry: () => void }): JSX.Element;
declare const webView: { current: { reload(): void } | null };
declare const showNativeCamera: boolean;
declare const device: CameraDevice;
"""


def tsx_unit(parts):
    out = [TS_PRELUDE]
    for index, (kind, code) in enumerate(parts):
        if kind == "jsx.element":
            out.append(f"export function Screen{index}() {{\n  return (\n{indent(code, '    ')}\n  );\n}}\n")
        elif kind == "ts.asyncStatements":
            out.append(f"export async function prepare{index}() {{\n{indent(code, '  ')}\n}}\n")
        else:
            raise ValueError(kind)
    # Keep the names used by only some snippets from counting as unused.
    out.append("export const used = [React, WebView, Linking, Platform, PermissionsAndroid, check, request, PERMISSIONS, RESULTS, Camera];\n")
    return "\n".join(out)


JAVA_IMPORTS = """\
import android.Manifest;
import android.content.pm.PackageManager;
import android.webkit.PermissionRequest;
import androidx.core.content.ContextCompat;
"""


def java_unit(package, kind, code):
    if kind == "java.file":
        return re.sub(r"^package [\w.]+;", f"package {package};", code, flags=re.M), "MainActivity.java"
    if kind == "java.rncChromeClientMember":
        # A method of react-native-webview's RNCWebChromeClient, which holds the WebView as mWebView.
        return (f"package {package};\n{JAVA_IMPORTS}\npublic class RNCWebChromeClient extends android.webkit.WebChromeClient {{\n"
                f"    protected com.reactnativecommunity.webview.RNCWebView mWebView;\n{indent(code, '    ')}\n}}\n", "RNCWebChromeClient.java")
    if kind == "java.cordovaActivityMember":
        return (f"package {package};\n\npublic class MainActivity extends org.apache.cordova.CordovaActivity {{\n{indent(code, '    ')}\n}}\n", "MainActivity.java")
    raise ValueError(kind)


def dart_source(kind, code):
    if kind == "dart.file":
        return code
    if kind == "dart.controllerStatements":
        return f"void configure(WebViewController controller) {{\n{code}\n}}\n"
    if kind == "dart.expression":
        return f"final webView = {code.strip().rstrip(',')};\n"
    if kind == "dart.inAppArgument":
        return f"final webView = InAppWebView(\n{code}\n);\n"
    raise ValueError(kind)


def xml_source(code):
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<widget xmlns="http://www.w3.org/ns/widgets" id="com.example.app" version="1.0.0">\n{code}\n</widget>\n'


# The .NET SDK's implicit global usings (ImplicitUsings, on in the MAUI templates), which
# mcs, without `global using`, takes as a prelude.
CS_PRELUDE = """\
using System;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.Maui.ApplicationModel;
"""


def cs_source(namespace, kind, code):
    if kind == "cs.file":
        usings = [l for l in code.splitlines() if l.startswith("using ")]
        body = "\n".join(l for l in code.splitlines() if not l.startswith("using "))
        return CS_PRELUDE + "\n".join(usings) + f"\nnamespace {namespace} {{\n{body}\n}}\n"
    if kind == "cs.statements":
        return CS_PRELUDE + f"namespace {namespace} {{ static class Program {{ static void Configure() {{\n{code}\n}} }} }}\n"
    if kind == "cs.asyncStatements":
        return CS_PRELUDE + f"namespace {namespace} {{ static class Program {{ static async Task Prepare() {{\n{code}\n}} }} }}\n"
    if kind == "cs.builderStatements":
        # MauiProgram.CreateMauiApp's body, after `var builder = MauiApp.CreateBuilder();`
        # (the MAUI template's MauiProgram.cs), where lifecycle events are configured.
        return (CS_PRELUDE + "using Microsoft.Maui.LifecycleEvents;\n"
                + f"namespace {namespace} {{ static class Program {{ static void Configure(Microsoft.Maui.Hosting.MauiAppBuilder builder) {{\n{code}\n}} }} }}\n")
    raise ValueError(kind)


# ---------------------------------------------------------------------------------------------

def run(cmd, cwd=None, timeout=900):
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    return proc.returncode, proc.stdout + proc.stderr


def errors_by_file(output, files):
    """The compiler's messages, per unit file name (each message names its file)."""
    found = {}
    for line in output.splitlines():
        for name in files:
            if name in line and re.search(r"error|\berror\b|: e:|^e:", line, re.I):
                found.setdefault(name, []).append(line.strip())
    return found


class Checker:
    def __init__(self, export, work):
        self.export = export
        self.work = Path(work)
        self.failures = []  # (id, message)
        self.checked = 0
        self.skipped = []
        by_code = {}
        for snippet in export["lines"] + export["merged"]:
            by_code.setdefault((snippet["language"], snippet["code"]), snippet)
        self.known_blocks = by_code

    def fail(self, sid, message):
        self.failures.append((sid, message))

    def blocks(self, snippet):
        """A snippet's blocks, each with its kind: a combined fix is the known lines and merged
        fixes it is made of, in order, one blank line apart."""
        language, code = snippet["language"], snippet["code"]
        if not snippet["id"].startswith("combined:"):
            return [(native_kind(language, code, snippet["members"]), code)]
        candidates = sorted((s for (lang, _), s in self.known_blocks.items() if lang == language),
                            key=lambda s: -len(s["code"]))
        rest, found = code, []
        while rest:
            for candidate in candidates:
                if rest.startswith(candidate["code"]) and rest[len(candidate["code"]):][:2] in ("", "\n\n"):
                    found.append((native_kind(language, candidate["code"], candidate["members"]), candidate["code"]))
                    rest = rest[len(candidate["code"]) + 2:]
                    break
            else:
                # React Native fixes that are each one <WebView> element are one element with
                # all their props (WebViewElement in Remedy+Merge.swift): no catalog line, so
                # it is checked as the element it is, up to its closing "/>".
                element = re.match(r"((?://[^\n]*\n)*<WebView\b(?:[^\n]*/>|.*?\n/>))(?:\n\n|$)", rest, re.S)
                if language != "JSX" or not element:
                    raise ValueError(f"{snippet['id']}: a block that is no catalog line nor merge: {rest[:80]!r}")
                found.append(("jsx.element", element.group(1)))
                rest = rest[element.end():]
        return found

    def native(self):
        snippets = self.export["lines"] + self.export["merged"] + self.export["combined"]
        seen = set()
        kotlin, swift, tsx, plists = [], [], [], []
        for snippet in snippets:
            key = (snippet["language"], snippet["code"])
            if key in seen:
                continue
            seen.add(key)
            try:
                parts = [(k, c) for k, c in self.blocks(snippet) if k != "comment"]
            except ValueError as error:
                self.fail(snippet["id"], str(error))
                continue
            self.checked += 1
            for kind, code in parts:
                if kind == "xml.plist":
                    plists.append((snippet["id"], f'<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n{code}\n</dict>\n</plist>\n'))
            parts = [(k, c) for k, c in parts if k != "xml.plist"]
            if not parts:
                continue
            {"Kotlin": kotlin, "Swift": swift, "JSX": tsx}[snippet["language"]].append((snippet["id"], parts))
        self.check_xml(plists, "plist")
        self.check_kotlin([(sid, kotlin_unit(f"u{i}", parts)) for i, (sid, parts) in enumerate(kotlin)], "native")
        self.check_swift(swift)
        self.check_ts([(sid, tsx_unit(parts), "tsx") for sid, parts in tsx], "native")

    def wrappers(self):
        kotlin, swift_files, ts, java, dart, xml, js, cs = [], [], [], [], [], [], [], []
        for snippet in self.export["wrapperFixes"]:
            sid, code = snippet["id"], snippet["code"]
            # A wrapper setting row's own code names its kind in the export.
            kind = WRAPPER_KINDS.get(sid) or snippet.get("kind")
            if kind is None:
                # Native and React Native fixes are the remedy lines, checked there.
                if snippet["language"] in ("Swift", "Kotlin", "JSX"):
                    continue
                self.fail(sid, f"no kind for this wrapper fix ({snippet['language']}): add it to WRAPPER_KINDS in {Path(__file__).name}")
                continue
            if kind in ("comment", "prose"):
                if kind == "comment" and not only_comments(code):
                    self.fail(sid, "listed as comments only, but has code")
                self.checked += 1
                continue
            self.checked += 1
            family = kind.split(".")[0]
            if family == "kotlin":
                source = code if kind == "kotlin.file" else "import com.getcapacitor.Bridge\nimport com.getcapacitor.BridgeWebChromeClient\n\n" + code
                package = f"w{len(kotlin)}"
                source = re.sub(r"^package [\w.]+", f"package {package}", source, flags=re.M)
                if not source.lstrip().startswith("package") and "\npackage " not in source:
                    source = f"package {package}\n" + source
                kotlin.append((sid, source))
            elif family == "swift":
                swift_files.append((sid, code))
            elif family == "ts":
                ts.append((sid, code, "ts"))
            elif kind == "jsx.element":
                ts.append((sid, tsx_unit([(kind, code)]), "tsx"))
            elif family == "java":
                java.append((sid, *java_unit(f"w{len(java)}", kind, code)))
            elif family == "dart":
                dart.append((sid, dart_source(kind, code)))
            elif family == "xml":
                xml.append((sid, xml_source(code)))
            elif family == "js":
                js.append((sid, code))
            elif family == "cs":
                cs.append((sid, cs_source(f"W{len(cs)}", kind, code)))
        self.check_kotlin(kotlin, "wrappers")
        self.check_swift_files(swift_files)
        self.check_ts(ts + [(sid, code, "js") for sid, code in js], "wrappers")
        self.check_java(java)
        self.check_dart(dart)
        self.check_xml(xml)
        self.check_cs(cs)

    # --- compilers --------------------------------------------------------------------------

    def android_classes(self):
        out = self.work / "android-classes"
        if out.exists():
            return out
        src = self.work / "android-src"
        text = (STUBS / "android.java").read_text()
        for chunk in re.split(r"^// FILE: ", text, flags=re.M)[1:]:
            name, body = chunk.split("\n", 1)
            path = src / name.strip()
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(body)
        out.mkdir(parents=True)
        status, output = run(["javac", "-nowarn", "-d", str(out)] + [str(p) for p in src.rglob("*.java")])
        if status != 0:
            raise SystemExit(f"the Android stubs do not compile:\n{output}")
        return out

    def check_kotlin(self, units, label):
        if not units:
            return
        folder = self.work / f"kotlin-{label}"
        folder.mkdir(parents=True, exist_ok=True)
        files = {}
        for index, (sid, source) in enumerate(units):
            name = f"{label}_{index}.kt"
            (folder / name).write_text(source)
            files[name] = sid
        classes = self.android_classes()
        status, output = run(["kotlinc", "-nowarn", "-cp", str(classes), "-d", str(self.work / f"kotlin-{label}-out")]
                             + [str(folder / n) for n in files])
        self.attribute(status, output, files, "kotlinc")

    def attribute(self, status, output, files, tool):
        found = errors_by_file(output, files)
        for name, lines in found.items():
            self.fail(files[name], f"{tool}: " + "\n    ".join(lines[:6]))
        if status != 0 and not found:
            self.fail(", ".join(sorted(set(files.values())))[:200], f"{tool} failed:\n{output[-2000:]}")

    def swift_modules(self):
        out = self.work / "swift-modules"
        if out.exists():
            return out
        out.mkdir(parents=True)
        status, output = run(["swiftc", "-emit-module", "-parse-as-library", "-module-name", "WebKit",
                              "-emit-module-path", str(out / "WebKit.swiftmodule"), str(STUBS / "WebKit.swift")])
        if status != 0:
            raise SystemExit(f"the WebKit stubs do not compile:\n{output}")
        for module in ("UIKit", "AVFoundation", "Capacitor"):
            source = out / f"{module}.swift"
            source.write_text("@_exported import WebKit\n")
            status, output = run(["swiftc", "-emit-module", "-parse-as-library", "-module-name", module, "-I", str(out),
                                  "-emit-module-path", str(out / f"{module}.swiftmodule"), str(source)])
            if status != 0:
                raise SystemExit(output)
        return out

    def check_swift(self, units):
        if not units:
            return
        folder = self.work / "swift-native"
        folder.mkdir(parents=True, exist_ok=True)
        files = {}
        (folder / "App.swift").write_text(SWIFT_APP)
        for index, (sid, parts) in enumerate(units):
            name = f"native_{index}.swift"
            (folder / name).write_text(swift_unit(f"U{index}", parts).replace(SWIFT_APP, "import WebKit\nimport UIKit\nimport AVFoundation\n"))
            files[name] = sid
        status, output = run(["swiftc", "-typecheck", "-I", str(self.swift_modules()), str(folder / "App.swift")]
                             + [str(folder / n) for n in files])
        self.attribute(status, output, files, "swiftc")

    def check_swift_files(self, units):
        # Complete files declare top-level classes of the same names: one module each.
        for index, (sid, code) in enumerate(units):
            path = self.work / f"swift-wrapper-{index}.swift"
            path.write_text(code)
            status, output = run(["swiftc", "-typecheck", "-I", str(self.swift_modules()), str(path)])
            if status != 0:
                self.fail(sid, "swiftc: " + "\n    ".join(l for l in output.splitlines() if "error" in l)[:1500])

    def check_ts(self, units, label):
        if not units:
            return
        folder = self.work / f"ts-{label}"
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copy(STUBS / "react-native.d.ts", folder / "stubs.d.ts")
        (folder / "no-types").mkdir(exist_ok=True)  # no @types from the machine: only the stubs
        files = {}
        for index, (sid, source, ext) in enumerate(units):
            name = f"{label}_{index}.{ext}"
            if ext == "js":
                source = "// @ts-check\n/// <reference path=\"./cordova.d.ts\" />\n" + source
                (folder / "cordova.d.ts").write_text(CORDOVA_DTS)
            (folder / name).write_text(source)
            files[name] = sid
        status, output = run(["tsc", "--noEmit", "--strict", "--jsx", "preserve", "--target", "es2018", "--moduleResolution", "node",
                              "--allowJs", "--checkJs", "--lib", "es2018,dom", "--typeRoots", str(folder / "no-types"), str(folder / "stubs.d.ts")]
                             + [str(folder / n) for n in files])
        self.attribute(status, output, files, "tsc")

    def check_java(self, units):
        if not units:
            return
        folder = self.work / "java"
        files = {}
        for index, (sid, source, name) in enumerate(units):
            package = re.search(r"^package ([\w.]+);", source, re.M).group(1)
            path = folder / package / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(source)
            files[f"{package}/{name}"] = sid
        status, output = run(["javac", "-nowarn", "-d", str(self.work / "java-out"), "-cp", str(self.android_classes())]
                             + [str(folder / n) for n in files])
        self.attribute(status, output, files, "javac")

    def check_dart(self, units):
        try:
            import tree_sitter
            import tree_sitter_dart
        except ImportError as error:
            raise SystemExit(f"{error}: pip install tree-sitter tree-sitter-dart (Tests/lib/needs.sh)")
        parser = tree_sitter.Parser(tree_sitter.Language(tree_sitter_dart.language()))
        for sid, source in units:
            tree = parser.parse(source.encode())
            if tree.root_node.has_error:
                bad = first_error(tree.root_node)
                row = bad.start_point[0] if bad else 0
                line = source.splitlines()[row] if row < len(source.splitlines()) else ""
                self.fail(sid, f"tree-sitter-dart: syntax error at line {row + 1}: {line.strip()}")

    def check_xml(self, units, label="config"):
        for index, (sid, source) in enumerate(units):
            path = self.work / f"{label}-{index}.xml"
            path.write_text(source)
            status, output = run(["xmllint", "--noout", str(path)])
            if status != 0:
                self.fail(sid, "xmllint: " + output.strip())

    def check_cs(self, units):
        if not units:
            return
        folder = self.work / "cs"
        folder.mkdir(parents=True, exist_ok=True)
        files = {}
        for index, (sid, source) in enumerate(units):
            name = f"maui_{index}.cs"
            (folder / name).write_text(source)
            files[name] = sid
        status, output = run(["mcs", "-target:library", "-langversion:experimental", "-define:ANDROID", "-nowarn:1998",
                              f"-out:{self.work / 'maui.dll'}", str(STUBS / "maui.cs")] + [str(folder / n) for n in files])
        self.attribute(status, output, files, "mcs")


CORDOVA_DTS = """\
declare const cordova: { plugins: { permissions: {
  CAMERA: string;
  requestPermission(permission: string, success: (status: { hasPermission: boolean }) => void, error: () => void): void;
} }; InAppBrowser: { open(url: string, target: string, options?: string): unknown } };
"""


def first_error(node):
    if node.type == "ERROR" or node.is_missing:
        return node
    for child in node.children:
        found = first_error(child)
        if found:
            return found
    return None


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 64
    text = sys.stdin.read() if sys.argv[1] == "-" else Path(sys.argv[1]).read_text()
    export = json.loads(text)["remedies"]
    work = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(tempfile.mkdtemp(prefix="remedies-"))
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    checker = Checker(export, work)
    checker.native()
    checker.wrappers()
    for sid, message in checker.failures:
        print(f"FAIL {sid}\n    {message}\n")
    failed = len({sid for sid, _ in checker.failures})
    print(f"remedies: {checker.checked - failed} passed, {failed} failed")
    return 1 if checker.failures else 0


if __name__ == "__main__":
    sys.exit(main())
