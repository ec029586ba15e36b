import Foundation
import Models

/// The statuses of a thread as a server sent them.
public struct ThreadContext: Sendable {
    /// From the thread's root down to the parent.
    public var ancestors: DecodedStatuses
    /// Replies, in the server's order. A server that answers with a bare array (Mitra) has every
    /// status of the thread here.
    public var descendants: DecodedStatuses

    /// Every readable status, ancestors first.
    public var statuses: [ArchivableStatus] { ancestors.items + descendants.items }
    /// Every status that could not be read, with its bytes.
    public var unreadable: [UnreadableStatus] { ancestors.unreadable + descendants.unreadable }
}

extension MastodonClient {
    /// The thread around a status on this server, each status kept with its exact bytes.
    ///
    /// Read as far as it goes: a missing `ancestors` or `descendants` is empty, and a bare array of
    /// statuses (as Mitra sends) is the thread's statuses. An answer that is neither is `.malformed`,
    /// naming what was sent.
    public func context(ofStatus id: String) async throws(APIError) -> ThreadContext {
        let endpoint = Statuses.context(id: id)
        let response = try await sendExpectingJSON(endpoint)
        let decoded: ThreadContext?
        do {
            if response.body.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) == UInt8(ascii: "[") {
                logger.info("\(server.host) answered the context of \(id) with a bare array; reading it as the thread")
                decoded = ThreadContext(
                    ancestors: DecodedStatuses(),
                    descendants: try ArchivableStatus.decodePage(response.body, servedBy: server.host))
            } else {
                let ancestors = try RawJSON.value(forKey: "ancestors", inObject: response.body)
                let descendants = try RawJSON.value(forKey: "descendants", inObject: response.body)
                let empty = Data("[]".utf8)
                decoded =
                    ancestors == nil && descendants == nil
                    ? nil
                    : ThreadContext(
                        ancestors: try ArchivableStatus.decodePage(ancestors ?? empty, servedBy: server.host),
                        descendants: try ArchivableStatus.decodePage(descendants ?? empty, servedBy: server.host))
            }
        } catch {
            throw .malformed(server: server.host, path: endpoint.path, reason: "the thread context is \(error)")
        }
        guard let decoded else {
            throw .malformed(
                server: server.host, path: endpoint.path,
                reason: "the thread context is an object with neither `ancestors` nor `descendants`")
        }
        return decoded
    }
}
