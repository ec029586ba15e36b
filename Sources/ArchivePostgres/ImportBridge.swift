import ArchiveCore
import Foundation
import PostgresNIO

/// Carries an import's calls from its synchronous body, which runs on a thread of its own (it reads a
/// file meanwhile), to the one connection that holds the import's transaction, and their answers back.
///
/// The body's thread waits for each answer; the connection's side never waits for the body's thread
/// (no event loop thread is ever blocked). When the connection's side stops taking calls (the body
/// returned, or the transaction was cancelled), every call still waiting, and every later one, fails.
///
/// `@unchecked Sendable`: `pending`, `nextID`, `closed` and `failure` are read and written under `lock` only.
final class ImportBridge: @unchecked Sendable {
    /// One call: what runs on the connection, and the number that says it is still awaited.
    struct Request: Sendable {
        let id: Int
        let run: @Sendable (PostgresConnection) async -> Void
    }

    /// The calls, in the order they were made.
    let requests: AsyncStream<Request>
    private let continuation: AsyncStream<Request>.Continuation
    private let lock = NSLock()
    private var pending: [Int: @Sendable (any Error) -> Void] = [:]
    private var nextID = 0
    private var closed = false
    private var failure: (any Error)?

    init() {
        (requests, continuation) = AsyncStream.makeStream()
    }

    /// The body's thread: runs `work` on the transaction's connection, waiting for it to end; its error
    /// in the archive's words.
    func call<T: Sendable>(_ work: @escaping @Sendable (PostgresConnection) async throws -> T) throws(ArchiveError) -> T
    {
        let answer = Answer<T>()
        let id: Int? = lock.withLock {
            guard !closed else { return nil }
            nextID += 1
            pending[nextID] = { answer.give(.failure($0)) }
            return nextID
        }
        guard let id else { throw Self.ended }
        continuation.yield(
            Request(id: id) { connection in
                do {
                    answer.give(.success(try await work(connection)))
                } catch {
                    self.lock.withLock { if self.failure == nil { self.failure = error } }
                    answer.give(.failure(error))
                }
            })
        switch answer.wait() {
        case .success(let value): return value
        case .failure(let error): throw PostgresArchive.translate(error)
        }
    }

    /// The first call that failed, if one did: its statement may have aborted the transaction, so the
    /// import must not be committed even if its body went on and returned.
    var failedCall: (any Error)? {
        lock.withLock { failure }
    }

    /// The connection's side: whether call `id` is still awaited (from now on, it is its to answer).
    func take(_ id: Int) -> Bool {
        lock.withLock { pending.removeValue(forKey: id) != nil }
    }

    /// The body's thread, when the body has returned: the calls end.
    func finish() {
        continuation.finish()
    }

    /// The connection's side, when it takes no more calls: those waiting fail, and so will later ones.
    func close() {
        let waiting = lock.withLock {
            closed = true
            defer { pending.removeAll() }
            return Array(pending.values)
        }
        for fail in waiting { fail(Self.ended) }
        continuation.finish()
    }

    private static let ended = ArchiveError.database("the import's transaction ended before the import did")
}

/// One call's answer, given once by the connection's side and waited for by the body's thread.
///
/// `@unchecked Sendable`: `result` is written before `ready` is signalled and read after it is waited for.
private final class Answer<T: Sendable>: @unchecked Sendable {
    private let ready = DispatchSemaphore(value: 0)
    private var result: Result<T, any Error> = .failure(CancellationError())

    func give(_ result: Result<T, any Error>) {
        self.result = result
        ready.signal()
    }

    func wait() -> Result<T, any Error> {
        ready.wait()
        return result
    }
}
