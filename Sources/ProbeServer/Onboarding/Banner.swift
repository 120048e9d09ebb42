
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
    /// The token, when it was generated at this start (shown once), and the file it is kept in.
    public var generatedToken: (value: String, file: String)?

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
            text += "\n" + TerminalText.wrap("access token (shown once; also in \(token.file)):", width: width) + "\n  \(token.value)\n"
        }
        return text
    }

    /// A SHA-256 fingerprint (32 colon-separated bytes, 95 columns) on two lines of 16 bytes.
    static func fingerprintLines(_ fingerprint: String) -> String {
        let bytes = fingerprint.split(separator: ":")
        guard bytes.count > 16 else { return "  SHA-256 \(fingerprint)\n" }
        return "  SHA-256 " + bytes.prefix(16).joined(separator: ":") + "\n          " + bytes.dropFirst(16).joined(separator: ":") + "\n"
    }
}
