
/// What `probe-server serve` prints at start: where it listens, the QR code a phone scans (it
/// opens /setup: trust the CA, then open the probe page in the app), the URLs, the local CA and
/// where the token is. A value rendered for an 80×24 terminal, so it is tested without a server:
/// the QR code with the short lines beside it, so that a first start fits one screen and the code
/// never scrolls off.
public struct Banner: Sendable {
    public var version: String
    public var listening: [String]
    public var secondPort: UInt16?
    public var setupPort: UInt16?
    /// Ports asked for but taken, with the one bound instead and the option that chooses it.
    public var movedPorts: [(name: String, asked: UInt16, bound: UInt16, option: String)] = []
    public var probeURLs: [String]
    /// What the QR code opens: /setup, which a phone can open before it trusts the CA (the setup
    /// port is plain HTTP) and which then leads into the app. The probe page itself in the phone's
    /// browser would fail TLS first, and then probe the browser instead of the app's WebView.
    public var qrTarget: String
    /// The run matrix (`/runs`), which asks for the token.
    public var runsURL: String
    public var authority: (file: String, fingerprint: String)?
    /// Where the access token is: printed on every start, the token itself only once.
    public var token: TokenPlace?
    /// Who reads this output, which decides whether the generated token is printed.
    public var audience: Audience = .terminal

    /// Where the token comes from, as this start found it.
    public enum TokenPlace: Sendable, Equatable {
        /// Generated at this start and written to `file`.
        case generated(value: String, file: String)
        /// Read from `file`, where an earlier start wrote it (and showed it).
        case kept(file: String)
        /// Given with --token or PROBE_TOKEN.
        case given
    }

    /// A person at a terminal sees the generated token once. Any other output is a log
    /// (`docker logs`, a CI job's dump of its service containers, journald), read by whoever
    /// reads logs, and access tokens are never logged
    /// (https://cheatsheetseries.owasp.org/cheatsheets/Logging_Cheat_Sheet.html#data-to-exclude):
    /// it gets where the token is and the command that reads it.
    public enum Audience: Sendable, Equatable {
        case terminal
        case log
        /// A container's log: the token is read from the host, through the container engine.
        case containerLog

        /// Files a container engine puts in every container: Podman's /run/.containerenv
        /// (podman-run(1), https://docs.podman.io/en/latest/markdown/podman-run.1.html) and
        /// Docker's /.dockerenv.
        public static let containerMarkers = ["/run/.containerenv", "/.dockerenv"]

        public static func detect(isTerminal: Bool, fileExists: (String) -> Bool) -> Audience {
            if isTerminal { return .terminal }
            return containerMarkers.contains(where: fileExists) ? .containerLog : .log
        }
    }

    public init(version: String, listening: [String], probeURLs: [String], qrTarget: String, runsURL: String) {
        self.version = version
        self.listening = listening
        self.probeURLs = probeURLs
        self.qrTarget = qrTarget
        self.runsURL = runsURL
    }

    /// A phone cannot open a URL of the loopback interface: no QR code then, and a hint.
    public var servesOnlyLoopback: Bool {
        !probeURLs.isEmpty && probeURLs.allSatisfy(Self.isLoopbackURL)
    }

    static func isLoopbackURL(_ url: String) -> Bool {
        guard let start = url.firstRange(of: "://")?.upperBound else { return false }
        let rest = url[start...]
        let host = rest.hasPrefix("[") ? String(rest.dropFirst().prefix { $0 != "]" }) : String(rest.prefix { $0 != ":" && $0 != "/" })
        return host == "localhost" || host.hasPrefix("127.") || host == "::1"
    }

    /// Columns between the QR code and the lines beside it.
    static let gutter = 2

    /// `qr`: how to paint the code, nil for none (`--qr off`).
    public func render(qr: QRCode.TerminalStyle?, width: Int = TerminalText.columns) -> String {
        var head = "probe-server \(version) listening on \(listening.joined(separator: ", "))"
        var others: [String] = []
        if let p = secondPort { others.append("second origin :\(p)") }
        if let p = setupPort { others.append("setup :\(p)") }
        if !others.isEmpty { head += "; " + others.joined(separator: ", ") }
        let header = TerminalText.wrap(head, width: width) + "\n"
        let below = footerLines(width: width)
        let code = servesOnlyLoopback ? nil : qr.flatMap { style in (try? QRCode(text: qrTarget)).map { (style, $0) } }
        guard let (style, code) = code else {
            var text = header + sideLines(scan: false, width: width).map { $0 + "\n" }.joined()
            if servesOnlyLoopback {
                text += TerminalText.wrap("only this machine can open these URLs, so no QR code: to reach a phone, "
                    + "listen on the network with --host :: (the default) or --host with this machine's LAN address; "
                    + "in a container, --advertise the address of the machine that publishes its ports.", width: width) + "\n"
            } else {
                text += "trust the CA and open the app: \(qrTarget)\n"
            }
            return text + below
        }
        let rows = code.terminalText(style: style).split(separator: "\n").map(String.init)
        let codeWidth = code.size + 2 * QRCode.quietZone
        let column = width - codeWidth - Self.gutter
        let side = sideLines(scan: true, width: column)
        if side.count <= rows.count, side.allSatisfy({ $0.count <= column }) {
            let beside = rows.enumerated().map { index, row in
                index < side.count ? row + String(repeating: " ", count: Self.gutter) + side[index] : row
            }
            return header + beside.map { $0 + "\n" }.joined() + below
        }
        // Too wide or too long to stand beside the code (a long address): the code comes last,
        // so that whatever scrolls off the top, the code stays whole on the screen.
        return header + sideLines(scan: false, width: width).map { $0 + "\n" }.joined() + below
            + rows.map { $0 + "\n" }.joined() + "  scan: \(qrTarget)\n"
    }

    /// The short lines that stand beside the QR code, `width` columns at most where words allow:
    /// a port that was taken, what the code opens, the probe URLs, the runs and the CA's
    /// fingerprint (a URL on a line of its own).
    func sideLines(scan: Bool, width: Int) -> [String] {
        var lines: [String] = []
        for moved in movedPorts {
            let what = moved.name == "setup" ? "setup port" : "second origin"
            lines += TerminalText.wrap("(port \(moved.asked) was taken, so the \(what) is :\(moved.bound); \(moved.option) chooses one)",
                                       width: width).split(separator: "\n").map(String.init)
        }
        if scan {
            lines += ["scan: \(qrTarget)", "  trust the CA there, then open the", "  probe page in the app's WebView"]
        }
        lines.append("open the probe page at:")
        lines += probeURLs.map { "  \($0)" }
        lines += ["runs and reports (asks for the token):", "  \(runsURL)"]
        if let authority {
            lines.append("local CA SHA-256, check it on the device:")
            lines += Self.fingerprintLines(authority.fingerprint)
        }
        return lines
    }

    /// The lines under the code: the CA's file and the token, whose paths may be long.
    func footerLines(width: Int) -> String {
        var text = ""
        if let authority { text += TerminalText.wrap("local CA: \(authority.file)", width: width) + "\n" }
        switch token {
        case .generated(let value, let file): text += Self.tokenLines((value: value, file: file), for: audience, width: width)
        case .kept(let file): text += TerminalText.wrap("access token: kept in \(file)", width: width) + "\n"
        case .given: text += "access token: the one given with --token or PROBE_TOKEN\n"
        case nil: break
        }
        return text
    }

    /// The generated token for a person at a terminal; for a log, where it is and how to read it.
    static func tokenLines(_ token: (value: String, file: String), for audience: Audience, width: Int) -> String {
        let unprinted = "access token: generated and kept in \(token.file), not printed here (this output is not a terminal, "
            + "and whoever reads the logs would read it)"
        switch audience {
        case .terminal:
            return TerminalText.wrap("access token (shown once; also in \(token.file)):", width: width) + "\n  \(token.value)\n"
        case .log:
            return TerminalText.wrap(unprinted + "; read it with:", width: width) + "\n  cat \(token.file)\n"
        case .containerLog:
            return TerminalText.wrap(unprinted + "; read it from the host with (NAME: the container's name or id):", width: width)
                + "\n  docker exec NAME cat \(token.file)\n  podman exec NAME cat \(token.file)\n"
        }
    }

    /// A SHA-256 fingerprint (32 colon-separated bytes, 95 columns) in lines of 11 bytes, short
    /// enough to stand beside the QR code.
    static func fingerprintLines(_ fingerprint: String) -> [String] {
        let bytes = fingerprint.split(separator: ":")
        return stride(from: 0, to: bytes.count, by: 11).map { "  " + bytes[$0..<min($0 + 11, bytes.count)].joined(separator: ":") }
    }
}
