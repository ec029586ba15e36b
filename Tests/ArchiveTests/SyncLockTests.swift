import ArchiveCore
import Foundation
import IceboxTestSupport
import Testing

/// The sync lock's waiting, as `sync --wait` and `watch` use it.
@Suite struct SyncLockTests {
    /// A waiter cancelled while another holder keeps the lock ends with `CancellationError`. It used to
    /// wait on without ever suspending (`Task.sleep` returns at once in a cancelled task), which on a
    /// two-thread pool starved the holder: a stopping `watch` hung a CI run.
    @Test func aCancelledWaiterGivesUpWhileTheLockIsHeld() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appending(path: "sync.lock")
        var held: SyncLock? = try await SyncLock(path: path, wait: false)
        let waiter = Task { try await SyncLock(path: path, wait: true) }
        try await Task.sleep(for: .milliseconds(300))
        waiter.cancel()
        let ended = await outcome(within: .seconds(30)) { () async -> String in
            do {
                _ = try await waiter.value
                return "took the lock"
            } catch is CancellationError {
                return "cancelled"
            } catch {
                return "\(error)"
            }
        }
        #expect(ended == "cancelled")
        #expect(held != nil, "the lock was held all along")
        // Released, it is taken again by a waiter.
        let again = Task { try await SyncLock(path: path, wait: true) }
        held = nil
        let taken = await outcome(within: .seconds(30)) { (try? await again.value) != nil }
        #expect(taken == true)
    }
}
