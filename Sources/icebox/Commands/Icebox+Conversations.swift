import ArchiveCore
import ArgumentParser
import Foundation
import Models

extension Icebox {
    /// `icebox conversations [account]`: the direct-message conversations a pinned `conversations`
    /// timeline kept.
    struct Conversations: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "conversations",
            abstract:
                "List the direct-message conversations archived (icebox timeline add conversations), newest first.",
            discussion: """
                Each conversation is kept with its object exactly as the server last sent it (--raw prints \
                those) and its last status archived as a post; a conversation whose last status changes is \
                updated in place.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(
            help: ArgumentHelp(
                "The account: its handle (user@host) or its server's URL; every account when left out.",
                valueName: "account"))
        var account: String?

        @OptionGroup var output: KeptObjectOutput

        /// The CSV columns: the JSON record's fields.
        static let fields = [
            "account", "id", "unread", "accounts", "last_status_id", "last_status_uri", "last_status_url",
            "last_status_created_at", "last_status_text", "first_seen", "last_seen",
        ]

        func run() async throws {
            try await reportingFailures {
                let context = try await global.context(.queryOnly)
                let accountID = try await context.accountID(named: account)
                let kept = try await context.store.conversations(of: accountID)
                if try output.print(kept, fields: Self.fields, objects: { kept.map(\.raw) }) { return }
                let accounts = Set(kept.map(\.account)).count
                for conversation in kept {
                    // Each field a server sent made safe for one column of one line.
                    var columns = [
                        String((conversation.lastStatusCreatedAt ?? "-").prefix(16)),
                        conversation.unread ? "unread" : "read",
                        conversation.accounts.map { "@\($0)" }.joined(separator: " ").terminalSafeLine,
                    ]
                    if let text = conversation.lastStatusText {
                        columns.append(String(text.prefix(80)).terminalSafeLine)
                    }
                    KeptObjectOutput.printLine(
                        columns, link: conversation.lastStatusURL ?? conversation.lastStatusURI,
                        account: conversation.account, showingAccount: accounts > 1)
                }
                if kept.isEmpty {
                    Console.err(
                        "No conversations archived (`icebox timeline add conversations` pins them; `icebox sync` reads them)."
                    )
                }
            }
        }
    }
}
