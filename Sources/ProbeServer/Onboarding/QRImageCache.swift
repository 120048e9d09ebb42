import Synchronization

/// The latest `/qr.svg` images drawn, by URL: the relaunch step of every device of a run
/// asks for the same code, and a cached one answers on the loop without drawing.
final class QRImageCache: Sendable {
    /// Images kept: a version 26 SVG (the largest) is about 80 KiB, so at most ~2.5 MiB.
    static let capacity = 32

    private struct State {
        var images: [String: [UInt8]] = [:]
        /// URLs oldest first; the first goes when a new one would exceed `capacity`.
        var order: [String] = []
    }

    private let state = Mutex(State())

    subscript(url: String) -> [UInt8]? {
        get { state.withLock { $0.images[url] } }
        set {
            guard let newValue else { return }
            state.withLock { s in
                if s.images.updateValue(newValue, forKey: url) != nil { return }
                s.order.append(url)
                if s.order.count > Self.capacity { s.images[s.order.removeFirst()] = nil }
            }
        }
    }

    var count: Int { state.withLock { $0.images.count } }
}
