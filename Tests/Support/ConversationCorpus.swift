import Foundation
import MastodonTestServer

/// Direct-message conversations of alice on a test server (issue 44), for the readers' tests: one with
/// bob of two statuses (a message and alice's reply to it), one with bob and carol, and one whose last
/// status the server sends as `null`.
public struct ConversationCorpus: Sendable {
    /// The conversations' ids on the server.
    public var withBob: String
    public var withBoth: String
    public var empty: String
    /// The usernames of bob and carol (two local accounts other than alice).
    public var bob: String
    public var carol: String

    /// Adds them to `server`.
    public static func add(to server: TestServer) async throws -> ConversationCorpus {
        let others = (await server.snapshot()).localUsernames.filter { $0 != "alice" }
        guard others.count >= 2 else { throw Missing(what: "two local accounts besides alice") }
        let (bob, carol) = (others[0], others[1])
        guard
            let message = await server.addStatus(
                username: bob, text: "psst, a direct message", visibility: "direct", mentioning: ["alice"]),
            let reply = await server.addStatus(
                username: "alice", text: "my direct reply", inReplyTo: message, visibility: "direct",
                mentioning: [bob]),
            let group = await server.addStatus(
                username: "alice", text: "to you both", visibility: "direct", mentioning: [bob, carol]),
            let gone = await server.addStatus(
                username: carol, text: "not served", visibility: "direct", mentioning: ["alice"]),
            let withBob = await server.addConversation(for: "alice", lastStatusID: reply, participants: [bob]),
            let withBoth = await server.addConversation(
                for: "alice", lastStatusID: group, participants: [bob, carol], unread: false),
            let empty = await server.addConversation(
                for: "alice", lastStatusID: gone, participants: [carol], nullStatus: true)
        else { throw Missing(what: "the statuses and conversations") }
        return ConversationCorpus(withBob: withBob, withBoth: withBoth, empty: empty, bob: bob, carol: carol)
    }

    struct Missing: Error, CustomStringConvertible {
        var what: String
        var description: String { "the test server did not add \(what)" }
    }
}
