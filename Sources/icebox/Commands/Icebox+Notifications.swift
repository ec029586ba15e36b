import ArchiveCore
import ArgumentParser
import Foundation
import Models

extension Icebox {
    /// `icebox notifications [account]`: the notifications a pinned `notifications` timeline kept.
    struct Notifications: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "notifications",
            abstract: "List the notifications archived (icebox timeline add notifications), newest first.",
            discussion: """
                Every type the server sends is kept, those Icebox does not know too (mention, status, reblog, \
                favourite, follow, follow_request, poll, update, quote, severed_relationships, \
                moderation_warning, admin.sign_up, admin.report…), each with its object exactly as the server \
                sent it: --raw prints those.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(
            help: ArgumentHelp(
                "The account: its handle (user@host) or its server's URL; every account when left out.",
                valueName: "account"))
        var account: String?

        @Option(
            name: .customLong("type"),
            help: ArgumentHelp("Only notifications of this type (repeat for more).", valueName: "type"))
        var types: [String] = []

        @Option(help: ArgumentHelp("Only notifications from this day on (YYYY-MM-DD, UTC).", valueName: "day"))
        var since: Day?

        @OptionGroup var output: KeptObjectOutput

        /// The CSV columns: the JSON record's fields.
        static let fields = ["account", "id", "type", "created_at", "acct", "display_name", "status_uri", "status_url"]

        func validate() throws {
            if let empty = types.first(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                throw ValidationError("--type needs a type, not \"\(empty)\"")
            }
        }

        func run() async throws {
            try await reportingFailures {
                let context = try await global.context(.queryOnly)
                let accountID = try await context.accountID(named: account)
                let kept = try await context.store.notifications(of: accountID, types: types, since: since?.start)
                if try output.print(kept, fields: Self.fields, objects: { kept.map(\.raw) }) { return }
                let accounts = Set(kept.map(\.account)).count
                for notification in kept {
                    // Each field a server sent made safe for one column of one line.
                    var columns = [
                        String((notification.createdAt ?? "-").prefix(16)), notification.type.terminalSafeLine,
                        (notification.acct ?? "-").terminalSafeLine,
                    ]
                    if !notification.displayName.isEmpty { columns.append(notification.displayName.terminalSafeLine) }
                    KeptObjectOutput.printLine(
                        columns, link: notification.statusURL ?? notification.statusURI,
                        account: notification.account, showingAccount: accounts > 1)
                }
                if kept.isEmpty {
                    Console.err(
                        "No notifications archived\(types.isEmpty && since == nil ? "" : " that match")"
                            + " (`icebox timeline add notifications` pins them; `icebox sync` reads them).")
                }
            }
        }
    }
}
