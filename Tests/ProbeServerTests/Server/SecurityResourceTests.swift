import Foundation
import Synchronization
import Testing
@testable import ProbeServer
@testable import ProbeHTTP
@testable import ProbeStore

/// The pure parts of the resource limits: the accept back-off, the quota sizes, the exact
/// CSP origins, the long-poll bounds and the data folder's checks.
@Suite struct SecurityResourceTests {
    @Test func AcceptBackoff_PausesAndLogsOncePerIntervalNotPerAccept() {
        var backoff = AcceptBackoff()
        var now = Instant(nanoseconds: 1_000_000_000)
        var lines: [String] = []
        // 30 s of exhaustion, retried every pause: 300 pauses.
        for _ in 0..<300 {
            let (retryAt, line) = backoff.exhausted(at: now)
            #expect(retryAt == now + AcceptBackoff.pause)
            if let line { lines.append(line) }
            now = retryAt
        }
        #expect(lines.count == 3, "\(lines)")
        #expect(lines[0].contains("out of file descriptors"))
        #expect(lines[1].contains("still out of file descriptors"))
        let recovered = backoff.accepted()
        #expect(recovered?.contains("accepting again after 300 pauses") == true)
        #expect(backoff.accepted() == nil)
    }

    @Test func MaxStore_TakesSizesInPowersOf1024() {
        #expect(Quotas.parseBytes("1073741824") == 1 << 30)
        #expect(Quotas.parseBytes("512M") == 512 << 20)
        #expect(Quotas.parseBytes("1G") == 1 << 30)
        #expect(Quotas.parseBytes("4GiB") == 4 << 30)
        #expect(Quotas.parseBytes("64k") == 64 << 10)
        #expect(Quotas.parseBytes("0") == nil)
        #expect(Quotas.parseBytes("-1G") == nil)
        #expect(Quotas.parseBytes("lots") == nil)
        #expect(Quotas.parseBytes("99999999999T") == nil)
    }

    @Test func QuotaErrors_NameTheLimitAndItsValue() {
        let full = QuotaExceeded.store(limit: 1 << 30, used: 1 << 30).httpError
        #expect(full.status.code == 507 && full.code == "store_full")
        #expect(full.message.contains("1 GiB") && full.message.contains("--max-store"))
        let results = QuotaExceeded.resultsPerRun(limit: Quotas.maxResultsPerRun).httpError
        #expect(results.status.code == 413 && results.code == "run_results_quota" && results.message.contains("2000"))
        #expect(QuotaExceeded.uploadBytesPerRun(limit: Quotas.maxUploadBytesPerRun).message.contains("64 MiB"))
    }

    @Test func CSPOrigins_AreExactHostsAndPorts() {
        let plan = OriginPlan(hostName: "lab", addresses: ["192.168.1.23", "fd00::5", "fe80::1%eth0"])
        let origins = plan.exactOrigins(scheme: "https", ports: [8444])
        #expect(origins.contains("https://192.168.1.23:8444"))
        #expect(origins.contains("https://[fd00::5]:8444"))
        #expect(origins.contains("https://localhost:8444"))
        #expect(origins.contains("https://127.0.0.1:8444"))
        #expect(origins.contains("https://lab.local:8444"))
        #expect(!origins.contains { $0.contains("*") || $0.contains("%") })
    }

    @Test func Waits_AreBoundedPerAddressAndReleasedOnCancel() throws {
        let waiters = RunWaiters(maxPerAddress: 2, maxTotal: 3)
        let a = try waiters.wait(runID: "r", address: "10.0.0.1", seconds: 60) {}
        _ = try waiters.wait(runID: "r", address: "10.0.0.1", seconds: 60) {}
        #expect(throws: HTTPError.self) { try waiters.wait(runID: "r", address: "10.0.0.1", seconds: 60) {} }
        _ = try waiters.wait(runID: "r", address: "10.0.0.2", seconds: 60) {}
        // The server-wide bound.
        do {
            _ = try waiters.wait(runID: "r", address: "10.0.0.3", seconds: 60) {}
            Issue.record("a fourth wait was accepted over a total of 3")
        } catch {
            #expect(error.code == "too_many_waits" && error.message.contains("3 waits"))
        }
        a.cancel()
        #expect(waiters.count == 2)
        _ = try waiters.wait(runID: "r", address: "10.0.0.1", seconds: 60) {}
        waiters.complete(runID: "r")
        #expect(waiters.count == 0)
    }

    @Test func WaitsInAll_StayWithinAQuarterOfTheDescriptorLimit() {
        #expect(RunWaiters.totalBound(descriptorLimit: 256) == 64)
        #expect(RunWaiters.totalBound(descriptorLimit: 1_048_576) == RunWaiters.maxWaits)
        #expect(RunWaiters.totalBound(descriptorLimit: 20) == 16)
    }

    @Test func CancelledWait_IsNeverWoken() throws {
        let waiters = RunWaiters()
        let woken = Atomic(false)
        let ticket = try waiters.wait(runID: "r", address: "a", seconds: 60) { woken.set(true) }
        ticket.cancel()
        waiters.complete(runID: "r")
        let wasWoken = woken.value
        #expect(!wasWoken)
    }

    @Test func AbandonedReply_RunsItsHandlerOnceAndNeverDelivers() {
        let delivered = Atomic(0)
        let abandoned = Atomic(0)
        let promise = ReplyPromise(render: { _ in Response(status: .internalServerError) }) { _ in delivered.add(1, ordering: .relaxed) }
        promise.onAbandon { abandoned.add(1, ordering: .relaxed) }
        #expect(promise.isAbandonable)
        promise.abandon()
        promise.abandon()
        promise.succeed(Response(status: .ok))
        #expect(abandoned.load(ordering: .relaxed) == 1)
        #expect(delivered.load(ordering: .relaxed) == 0)
        // A handler registered after the client left runs at once.
        let late = Atomic(0)
        promise.onAbandon { late.add(1, ordering: .relaxed) }
        #expect(late.load(ordering: .relaxed) == 1)
    }

    @Test func AnsweredReply_IsNotAbandonable() {
        let abandoned = Atomic(0)
        let promise = ReplyPromise(render: { _ in Response(status: .internalServerError) }) { _ in }
        promise.onAbandon { abandoned.add(1, ordering: .relaxed) }
        promise.succeed(Response(status: .ok))
        #expect(!promise.isAbandonable)
        promise.abandon()
        #expect(abandoned.load(ordering: .relaxed) == 0)
    }

    @Test func DataFolder_TightensAnOlderReadableDatabaseTo0600() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("probe-folder-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try DataFolder(path: dir).prepare()
        chmod(dir + "/probe.sqlite", 0o644)
        try DataFolder(path: dir).prepare()
        var info = stat()
        stat(dir + "/probe.sqlite", &info)
        #expect(info.st_mode & 0o777 == 0o600)
    }

    @Test func DataFolder_RefusesAFolderOthersCanWrite() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("probe-folder-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try DataFolder(path: dir).prepare()
        var info = stat()
        stat(dir, &info)
        #expect(info.st_mode & 0o777 == 0o700)
        chmod(dir, 0o777)
        #expect(throws: DataFolder.Untrusted.self) { try DataFolder(path: dir).prepare() }
        chmod(dir, 0o755)
        try DataFolder(path: dir).prepare()
    }

    @Test func DataFolder_RefusesASymlinkedSecretAndLeavesItsTarget() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("probe-folder-\(UUID().uuidString)").path
        let target = dir + "-target"
        defer {
            try? FileManager.default.removeItem(atPath: dir)
            try? FileManager.default.removeItem(atPath: target)
        }
        try DataFolder(path: dir).prepare()
        try "precious".write(toFile: target, atomically: false, encoding: .utf8)
        symlink(target, dir + "/token")
        do {
            try DataFolder(path: dir).prepare()
            Issue.record("a symlinked token was accepted")
        } catch {
            #expect(error.reason.contains("symbolic link") && error.fix.contains("rm "))
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious")
    }

    @Test func PrivateFile_IsWrittenOwnerOnlyAndReplacesALinkNotItsTarget() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("probe-folder-\(UUID().uuidString)").path
        let target = dir + "-target"
        defer {
            try? FileManager.default.removeItem(atPath: dir)
            try? FileManager.default.removeItem(atPath: target)
        }
        try DataFolder(path: dir).prepare()
        try "precious".write(toFile: target, atomically: false, encoding: .utf8)
        symlink(target, dir + "/secret")
        try DataFolder.writePrivateFile(Array("new\n".utf8), to: dir + "/secret")
        var info = stat()
        lstat(dir + "/secret", &info)
        #expect(info.st_mode & S_IFMT == S_IFREG && info.st_mode & 0o777 == 0o600)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious")
    }
}
