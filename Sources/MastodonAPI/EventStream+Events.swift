import Foundation
import Transport

extension EventStream {
    /// The events of a stream, in order, each counted off the stream's pending bytes as it is taken;
    /// ends with the connection (throwing why, unless closed).
    public struct Events: AsyncSequence, Sendable {
        public typealias Element = ServerEvent
        let stream: AsyncThrowingStream<ServerEvent, any Error>
        let reader: StreamReader
        /// The stream's URL, for the task's ``ExchangeObserver`` (`watch --warc`).
        let url: URL

        /// Reads the events one by one, as ``EventStream/events`` is iterated.
        public struct AsyncIterator: AsyncIteratorProtocol {
            var base: AsyncThrowingStream<ServerEvent, any Error>.AsyncIterator
            let reader: StreamReader
            let url: URL

            /// The next event, once it arrives; nil when the stream was closed; throws why it ended otherwise.
            /// The reading task's ``ExchangeObserver``, if any, sees each event (heartbeats carry nothing).
            public mutating func next() async throws -> ServerEvent? {
                let event = try await base.next()
                if let event { reader.taken(event) }
                if case .event(let name, let data) = event, let observer = BoundedTransport.observer {
                    observer.streamed(StreamedEvent(received: Date(), url: url, name: name, data: data))
                }
                return event
            }
        }

        /// One reader of the events (a stream has one).
        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(base: stream.makeAsyncIterator(), reader: reader, url: url)
        }
    }
}

extension ServerEvent {
    /// What the event costs a buffer, in bytes: its name and data, and a fixed share for the entry itself
    /// (so that even heartbeats, which carry nothing, fill a bounded buffer).
    var cost: Int {
        switch self {
        case .event(let name, let data): 64 + name.utf8.count + data.utf8.count
        case .heartbeat: 64
        }
    }
}
