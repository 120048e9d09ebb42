#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials
import Dispatch
import ProbeCatalog

/// The DevTools script of plain headless Chromium: it opens the run's page (Chromium starts
/// on about:blank, so that the run's URL and its write key never reach a command line), then,
/// with a fixture to pick, is the device farm: what Tests/engines/hosts/common.py
/// (`Farm`, `Chooser`) does for the engine hosts, over the Chrome DevTools Protocol
/// (https://chromedevtools.github.io/devtools-protocol/). It clicks the page's tap steps by
/// their stable ids with real mouse events (Input.dispatchMouseEvent, a user gesture) and
/// answers the file chooser with the fixture (Page.setInterceptFileChooserDialog), so that
/// the file steps run instead of being skipped. Looking for the buttons runs without a user
/// gesture (Runtime.evaluate's userGesture is false), so the autoplay probe gets no
/// activation from it. The buttons come from the catalog (`Catalog.farmTaps`, passed in by
/// the CLI: this module does not know the catalog).
final class TapFarm: @unchecked Sendable {
    /// A person taps again only once the chooser is gone, and not in the same instant.
    static let tapSpacingSeconds = 0.6
    /// A person who cancels a chooser first sees it: the catalog reads a cancel within 250 ms
    /// of the tap as "no chooser was shown" (`Diff.fastCancelMs`, docs/engines.md), so the
    /// cancel comes at a person's pace (common.PERSON_CANCEL_S).
    static let personCancelSeconds = 0.8
    static let lookIntervalMicroseconds: useconds_t = 250_000
    /// Chromium shows the run's page within a second or two of start.
    static let devToolsWaitSeconds = 20.0
    /// How long a DevTools command may take to be answered before the script gives up. Only a
    /// bound against a Chromium that hung: on a loaded machine (2 cores beside two busy loops
    /// and builds) Chromium, rendering and encoding the fake camera in software, answered a
    /// `Runtime.evaluate` after more than 5 s, which ended the taps and left the run incomplete.
    static let replySeconds = 30.0

    /// The page's query for a farm that taps: tap steps wait for it (the values of
    /// Tests/engines/test_matrix.py).
    static let pageQuery = "tapWait=\(EngineHost.tapWaitSeconds)&answerWait=\(EngineHost.answerWaitSeconds)"

    private let pipe: DevToolsPipe
    /// The run's page.
    private let url: String
    /// The farm's buttons in page order, and how often each is tapped.
    private let taps: [FarmButton]
    /// The image the file steps pick; without it nobody taps them (the page skips them).
    private let fixture: String?
    /// Where the script's complaint goes when it stops early (the CLI's stderr).
    private let report: @Sendable (String) -> Void
    private let lock = Lock()
    private var stopping = false
    private let done = DispatchSemaphore(value: 0)

    init(pipe: DevToolsPipe, url: String, taps: [FarmButton], fixture: String?, report: @escaping @Sendable (String) -> Void) {
        self.pipe = pipe
        self.url = url
        self.taps = taps
        self.fixture = fixture
        self.report = report
    }

    func start() {
        DetachedThread { [self] in
            do {
                try run()
            } catch let error as PageNotOpened {
                if !isStopping { report("could not open the run's page in Chromium: \(error.reason)") }
            } catch {
                if !isStopping { report("the tap script stopped: \(error); the tap steps left are skipped") }
            }
            done.signal()
        }
    }

    /// Asks the script to end; it does at its next look, or when Chromium goes away.
    func requestStop() {
        lock.withLock { stopping = true }
    }

    /// Waits for the script's thread to end (after `requestStop` and Chromium's end).
    func waitForEnd(seconds: Double = 2) {
        _ = done.wait(timeout: .now() + seconds)
    }

    private var isStopping: Bool { lock.withLock { stopping } }

    // MARK: The script

    struct PageNotOpened: Error {
        let reason: String
    }

    private func run() throws {
        let session: DevToolsSession
        do {
            session = try DevToolsSession.openPage(url, pipe: pipe, waitSeconds: Self.devToolsWaitSeconds, isCancelled: { self.isStopping })
        } catch {
            throw PageNotOpened(reason: "\(error)")
        }
        guard let fixture else { return }
        _ = try session.call("Page.enable")
        _ = try session.call("Page.setInterceptFileChooserDialog", ["enabled": true])
        var clicks: [String: Int] = [:]
        var lastTap: String?
        var lastTapAt = Date.distantPast
        var choosers: [String: Int] = [:]
        let maxClicks = Dictionary(taps.map { ($0.button, $0.clicks) }, uniquingKeysWith: { first, _ in first })
        let findTaps = Self.findTapsScript(buttons: taps.map(\.button))
        while !isStopping {
            for event in session.takeEvents() where event.method == "Page.fileChooserOpened" {
                guard let node = event.params["backendNodeId"]?.intValue else { continue }
                let tap = lastTap ?? ""
                choosers[tap, default: 0] += 1
                // Chooser "pick" of common.py: cancel the first chooser of file.cancel, else pick.
                let cancel = tap == "tap-file-cancel" && choosers[tap] == 1
                if cancel { usleep(useconds_t(Self.personCancelSeconds * 1_000_000)) }
                _ = try session.call("DOM.setFileInputFiles", ["files": .array(cancel ? [] : [.string(fixture)]), "backendNodeId": .number(Double(node))])
                lastTapAt = Date()
            }
            let state = try session.evaluate(findTaps)
            if state["finished"]?.stringValue != nil { return }
            if Date().timeIntervalSince(lastTapAt) >= Self.tapSpacingSeconds,
               let tap = Self.objects(state["taps"])?.first(where: { tap in
                   guard let id = tap["id"]?.stringValue else { return false }
                   return clicks[id, default: 0] < maxClicks[id, default: 1]
               }),
               let id = tap["id"]?.stringValue, let x = tap["x"]?.numberValue, let y = tap["y"]?.numberValue {
                clicks[id, default: 0] += 1
                lastTap = id
                lastTapAt = Date()
                try session.click(x: x, y: y)
            }
            usleep(Self.lookIntervalMicroseconds)
        }
    }

    /// A JSON array of objects, as `as? [[String: Any]]` read one: nil unless every element is one.
    static func objects(_ value: JSONValue?) -> [[String: JSONValue]]? {
        guard let array = value?.arrayValue else { return nil }
        let objects = array.compactMap(\.objectValue)
        return objects.count == array.count ? objects : nil
    }

    /// The visible, enabled farm buttons (scrolled into view) and whether the page has ended.
    static func findTapsScript(buttons: [String]) -> String {
        """
    (function (ids) {
      var out = [];
      ids.forEach(function (id) {
        var b = document.getElementById(id);
        if (!b || b.tagName !== 'BUTTON' || b.disabled) return;
        var r = b.getBoundingClientRect();
        if (r.width <= 0 || r.height <= 0) return;
        if (r.top < 0 || r.bottom > innerHeight) { b.scrollIntoView({ block: 'center' }); r = b.getBoundingClientRect(); }
        out.push({ id: id, x: r.left + r.width / 2, y: r.top + r.height / 2 });
      });
      return JSON.stringify({ taps: out, finished: document.documentElement.getAttribute('data-finished') });
    })(\(String(decoding: try! JSONEncoder().encode(buttons), as: UTF8.self)))
    """
    }
}

/// One button of the farm script: the page's stable id and how many taps a person makes
/// there (the catalog's `FarmTap`, handed over by the CLI).
public struct FarmButton: Sendable, Equatable {
    public let button: String
    public let clicks: Int

    public init(button: String, clicks: Int) {
        self.button = button
        self.clicks = clicks
    }
}

/// One DevTools session with a page target over the browser's pipe: commands with their
/// replies, the page's events queued. The pipe speaks to the browser; Target.attachToTarget
/// with `flatten` gives a session id that each page command and event carries
/// (https://chromedevtools.github.io/devtools-protocol/tot/Target/#method-attachToTarget).
final class DevToolsSession {
    struct Event {
        let method: String
        let params: [String: JSONValue]
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let pipe: DevToolsPipe
    private var sessionID: String?
    private var nextID = 1
    private var events: [Event] = []

    private init(pipe: DevToolsPipe) { self.pipe = pipe }

    /// Waits for the browser's first page (its start page), attaches to it and navigates it
    /// to `url` (Page.navigate, https://chromedevtools.github.io/devtools-protocol/tot/Page/#method-navigate).
    static func openPage(_ url: String, pipe: DevToolsPipe, waitSeconds: Double,
                         isCancelled: () -> Bool) throws -> DevToolsSession {
        let session = DevToolsSession(pipe: pipe)
        let deadline = Date() + waitSeconds
        while Date() < deadline && !isCancelled() {
            let targets = TapFarm.objects(try session.call("Target.getTargets")["targetInfos"]) ?? []
            if let page = targets.first(where: { $0["type"]?.stringValue == "page" }), let target = page["targetId"]?.stringValue {
                guard let id = try session.call("Target.attachToTarget", ["targetId": .string(target), "flatten": true])["sessionId"]?.stringValue else {
                    throw Failure(description: "Target.attachToTarget gave no sessionId")
                }
                session.sessionID = id
                let navigated = try session.call("Page.navigate", ["url": .string(url)])
                if let problem = navigated["errorText"]?.stringValue {
                    throw Failure(description: "Page.navigate: \(problem)")
                }
                return session
            }
            usleep(200_000)
        }
        throw Failure(description: "Chromium showed no page within \(waitSeconds) s")
    }

    /// Sends a command (to the page once attached) and returns its result; the page's events
    /// that come first are queued, the browser's own dropped.
    func call(_ method: String, _ params: [String: JSONValue] = [:]) throws -> [String: JSONValue] {
        let id = nextID
        nextID += 1
        var command: [String: JSONValue] = ["id": .number(Double(id)), "method": .string(method), "params": .object(params)]
        if let sessionID { command["sessionId"] = .string(sessionID) }
        let message = try JSONEncoder().encode(JSONValue.object(command))
        try pipe.send(String(decoding: message, as: UTF8.self))
        while true {
            guard let text = try pipe.receive(timeoutSeconds: TapFarm.replySeconds) else {
                throw Failure(description: "Chromium closed the DevTools pipe")
            }
            guard let object = JSONValue.parse(text: text)?.objectValue else { continue }
            guard object["sessionId"]?.stringValue == sessionID else { continue }
            if let method = object["method"]?.stringValue {
                events.append(Event(method: method, params: object["params"]?.objectValue ?? [:]))
                continue
            }
            guard object["id"]?.intValue == id else { continue }
            if let error = object["error"]?.objectValue {
                throw Failure(description: "\(method): \(error["message"]?.stringValue ?? "error")")
            }
            return object["result"]?.objectValue ?? [:]
        }
    }

    func takeEvents() -> [Event] {
        defer { events = [] }
        return events
    }

    /// Runs a script that returns a JSON string, without a user gesture, and decodes it.
    func evaluate(_ script: String) throws -> [String: JSONValue] {
        let result = try call("Runtime.evaluate", ["expression": .string(script), "returnByValue": true, "userGesture": false])
        guard let value = result["result"]?.objectValue?["value"]?.stringValue,
              let object = JSONValue.parse(text: value)?.objectValue else { return [:] }
        return object
    }

    /// A left click at a point of the viewport: press and release, as a finger's tap arrives.
    func click(x: Double, y: Double) throws {
        for type in ["mousePressed", "mouseReleased"] {
            _ = try call("Input.dispatchMouseEvent", ["type": .string(type), "x": .number(x), "y": .number(y), "button": "left", "clickCount": 1])
        }
    }
}
