import ArchiveCore
import ArgumentParser
import Foundation
import Importer
import Models

extension Icebox.Account {
    /// `icebox account lists [account]`: the lists an account can pin as `list:<id>`.
    struct Lists: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lists",
            abstract: "Show the lists of an account (or of every account): the id to pin as list:ID, and the title.",
            discussion: "Asks each account's server (one request each)."
        )

        @OptionGroup var global: GlobalOptions

        @Argument(
            help: ArgumentHelp(
                "The account: its handle (user@host) or its server's URL; all when left out.",
                valueName: "account"))
        var account: String?

        @OptionGroup var format: ReportFormat

        func run() async throws {
            try await reportingFailures {
                let context = try await global.context(.queryOnly)
                var accounts = try await context.store.accounts()
                if let account {
                    do throws(AccountReferenceError) { accounts = [try accounts.one(named: account)] } catch {
                        throw ValidationError(error.description)
                    }
                }
                let access = AccountAccess(credentials: try context.credentials.load(), logger: context.logger)
                var rows: [ListRow] = []
                for account in accounts {
                    rows += try await access.lists(of: account).map {
                        ListRow(account: account.handle, server: account.server, id: $0.id, title: $0.title)
                    }
                }
                if format.json { return try Console.json(rows) }
                if accounts.isEmpty { Console.err("No accounts yet: icebox account add <server>") }
                for row in rows { Console.out("list:\(row.id)\t\(row.title)\t\(row.account)") }
                if rows.isEmpty, !accounts.isEmpty { Console.err("No lists.") }
            }
        }
    }
}

/// One list of `account lists --json`.
struct ListRow: Encodable {
    /// The account's handle.
    var account: String
    /// The account's server (the origin of its token).
    var server: String
    var id: String
    var title: String
}
