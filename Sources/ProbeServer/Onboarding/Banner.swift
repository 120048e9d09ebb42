
/// What `probe-server serve` prints at start: where it listens, the URLs to open, the QR code
/// a phone scans, the local CA and the token. A value rendered for an 80-column terminal, so
/// it is tested without a server.
public struct Banner: Sendable {
    public var version: String
    public var listening: [String]
    public var secondPort: UInt16?
    public var setupPort: UInt16?
    /// Ports asked for but taken, with the one bound instead and the option that chooses it.
    public var movedPorts: [(name: String, asked: UInt16, bound: UInt16, option: String)] = []
    public var probeURLs: [String]
    public var qrTarget: String
    /// The run matrix (`/runs`), which asks for the token.
    public var runsURL: String
    public var authority: (file: String, fingerprint: String)?
    public var setupURL: String?
    /// The token, when it was generated at this start, and the file it is kept in.
    public var generatedToken: (value: String, file: String)?
    /// Who reads this output, which decides whether the generated token is printed.
    public var audience: Audience = .terminal

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
        guard let start = url.range(of: "://")?.upperBound else { return false }
        let rest = url[start...]
        let host = rest.hasPrefix("[") ? String(rest.dropFirst().prefix { $0 != "]" }) : String(rest.prefix { $0 != ":" && $0 != "/" })
        return host == "localhost" || host.hasPrefix("127.") || host == "::1"
    }

    /// `qr`: how to paint the code, nil for none (`--qr off`).
    public func render(qr: QRCode.TerminalStyle?, width: Int = TerminalText.columns) -> String {
        var parts: [String] = []
        var head = "probe-server \(version) listening on \(listening.joined(separator: ", "))"
        if let p = secondPort { head += ", second origin :\(p)" }
        if let p = setupPort { head += ", setup (plain HTTP) :\(p)" }
        parts.append(head)
        for moved in movedPorts {
            let what = moved.name == "setup" ? "setup port" : "second origin"
            parts.append("(port \(moved.asked) was taken, so the \(what) is :\(moved.bound); \(moved.option) chooses one)")
        }
        parts.append("open the probe page at:\n" + probeURLs.map { "  \($0)" }.joined(separator: "\n"))
        var text = parts.map { TerminalText.wrap($0, width: width) }.joined(separator: "\n") + "\n"

        if servesOnlyLoopback {
            text += "\n" + TerminalText.wrap("only this machine can open these URLs, so no QR code: to reach a phone, "
                + "listen on the network with --host :: (the default) or --host with this machine's LAN address; "
                + "in a container, --advertise the address of the machine that publishes its ports.", width: width) + "\n"
        } else if let qr, let code = try? QRCode(text: qrTarget) {
            text += "\n" + code.terminalText(style: qr) + "  scan: \(qrTarget)\n"
        }
        text += TerminalText.wrap("runs and reports: \(runsURL) (asks for the access token)", width: width) + "\n"
        if let authority {
            text += "\nlocal CA: \(authority.file)\n" + Self.fingerprintLines(authority.fingerprint)
            if let setupURL { text += "devices trust it through \(setupURL)\n" }
        }
        if let token = generatedToken {
            text += "\n" + Self.tokenLines(token, for: audience, width: width)
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

    /// A SHA-256 fingerprint (32 colon-separated bytes, 95 columns) on two lines of 16 bytes.
    static func fingerprintLines(_ fingerprint: String) -> String {
        let bytes = fingerprint.split(separator: ":")
        guard bytes.count > 16 else { return "  SHA-256 \(fingerprint)\n" }
        return "  SHA-256 " + bytes.prefix(16).joined(separator: ":") + "\n          " + bytes.dropFirst(16).joined(separator: ":") + "\n"
    }
}
