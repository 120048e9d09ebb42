/// The environment the trial's Chromium starts with: what it needs and nothing else. `try`'s
/// own environment holds secrets (PROBE_TOKEN, PROBE_WEBHOOK_SECRET, a store password in
/// PROBE_STORE), and a process's environment is readable in /proc/PID/environ by every
/// process of its account (proc(5), ptrace access mode): the browser parses the web, so it
/// gets an allow-list, never a copy.
enum BrowserEnvironment {
    /// Passed on when `try` has them: where programs are (Chromium starts helpers), the
    /// language and time zone the page reports (`navigator.language`, `Intl`), and where
    /// fontconfig reads its configuration (https://www.freedesktop.org/software/fontconfig/fontconfig-user.html).
    static let passed: Set<String> = ["PATH", "LANG", "LANGUAGE", "TZ", "FONTCONFIG_FILE", "FONTCONFIG_PATH"]
    /// The locale categories (locale(7)), passed on like LANG.
    static let passedPrefix = "LC_"
    /// PATH when `try` has none: Debian's default for a user (/etc/profile).
    static let defaultPath = "/usr/local/bin:/usr/bin:/bin"

    /// `folder`: the browser's own folder. HOME, TMPDIR and the XDG base folders
    /// (https://specifications.freedesktop.org/basedir-spec/latest/) point into it, so its
    /// sockets, caches and settings go with the profile, which its account owns and `try`
    /// removes. Headless Chromium needs no display: DISPLAY and WAYLAND_DISPLAY are not passed.
    static func make(from environment: [String: String], folder: String) -> [String: String] {
        var result = environment.filter { passed.contains($0.key) || $0.key.hasPrefix(passedPrefix) }
        if result["PATH"] == nil { result["PATH"] = defaultPath }
        result["HOME"] = folder
        result["TMPDIR"] = folder
        result["XDG_CONFIG_HOME"] = folder + "/.config"
        result["XDG_CACHE_HOME"] = folder + "/.cache"
        result["XDG_DATA_HOME"] = folder + "/.local/share"
        return result
    }
}
