import FlyingSocks
import Foundation

/// The body of an event stream: whatever the server writes, as it writes it, until the stream ends.
struct StreamBytes: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    let chunks: AsyncStream<Data>

    struct AsyncIterator: AsyncBufferedIteratorProtocol {
        var chunks: AsyncStream<Data>.Iterator
        var pending: [UInt8] = []

        mutating func next() async throws -> UInt8? {
            if pending.isEmpty {
                guard let chunk = await chunks.next() else { return nil }
                pending = Array(chunk)
            }
            return pending.isEmpty ? nil : pending.removeFirst()
        }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            if !pending.isEmpty {
                defer { pending = [] }
                return pending
            }
            while let chunk = await chunks.next() {
                if !chunk.isEmpty { return Array(chunk) }
            }
            return nil
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(chunks: chunks.makeAsyncIterator()) }
}
