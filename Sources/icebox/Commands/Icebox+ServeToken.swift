import ArchiveCore
import ArgumentParser
import Foundation
import Importer

extension Icebox.Serve {
    /// `icebox serve token add|list|remove`: bearer tokens for scripts reading the Mastodon API that
    /// `icebox serve` answers (issue 45), and the tokens apps obtained by signing in.
    struct Token: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make, list and remove the tokens scripts and apps read the served API with.",
            discussion: """
                Tokens are kept in api-tokens.json in the archive folder (mode 0600), as their SHA-256 only. \
                A token removed stops working at once, also in a running `icebox serve`.
                """,
            subcommands: [Add.self, List.self, Remove.self])

        /// `icebox serve token add NAME [--account HANDLE]`: prints a new token, once.
        struct Add: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Make a token for a script: printed once on stdout, kept only as its hash.")
            @OptionGroup var global: GlobalOptions

            @Argument(help: ArgumentHelp("A name for the token (unique).", valueName: "name")) var name: String

            @Option(
                help: ArgumentHelp(
                    "The archive's account it reads as (handle or server); the only account when left out.",
                    valueName: "handle"))
            var account: String?

            func run() async throws {
                try await reportingFailures {
                    let context = try await global.context(.queryOnly)
                    let accounts = try await context.store.accounts()
                    let chosen: ArchivingAccount
                    if let account {
                        do throws(AccountReferenceError) { chosen = try accounts.one(named: account) } catch {
                            throw ValidationError(error.description)
                        }
                    } else {
                        guard accounts.count == 1, let only = accounts.first else {
                            throw ValidationError("give --account: the archive has \(accounts.count) accounts")
                        }
                        chosen = only
                    }
                    // The folder holds the token file; a PostgreSQL store's folder may not exist yet.
                    try context.home.create(logger: context.logger)
                    let token = try APITokenStore(home: context.home, logger: context.logger)
                        .add(name: name, account: chosen.handle)
                    Console.out(token)
                    Console.err("icebox: a token named \(name) reads as @\(chosen.handle); it is not shown again")
                }
            }
        }

        /// `icebox serve token list [--json]`: the tokens, never a token itself.
        struct List: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "List the tokens: name, account, kind (script or app), when made, last 4 characters.")
            @OptionGroup var global: GlobalOptions
            @Flag(help: "Print JSON on stdout.") var json = false

            func run() async throws {
                try await reportingFailures {
                    let context = try await global.context(.queryOnly)
                    let tokens = try APITokenStore(home: context.home, logger: context.logger).tokens()
                    if json { return try Console.json(tokens.map(Listed.init)) }
                    for token in tokens {
                        Console.out(
                            [
                                token.name, token.account.map { "@" + $0 } ?? "(app only)", token.kind.rawValue,
                                token.createdAt, "…" + token.lastFour,
                            ].joined(separator: "\t"))
                    }
                }
            }

            /// What `--json` prints of a token (docs/json.md).
            struct Listed: Encodable {
                var name: String
                var account: String?
                var kind: String
                var createdAt: String
                var lastFour: String
                var clientID: String?

                init(_ record: APITokenRecord) {
                    name = record.name
                    account = record.account
                    kind = record.kind.rawValue
                    createdAt = record.createdAt
                    lastFour = record.lastFour
                    clientID = record.clientID
                }

                enum CodingKeys: String, CodingKey {
                    case name, account, kind
                    case createdAt = "created_at"
                    case lastFour = "last_four"
                    case clientID = "client_id"
                }

                /// Every key, `null` when it has no value.
                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(name, forKey: .name)
                    try container.encode(account, forKey: .account)
                    try container.encode(kind, forKey: .kind)
                    try container.encode(createdAt, forKey: .createdAt)
                    try container.encode(lastFour, forKey: .lastFour)
                    try container.encode(clientID, forKey: .clientID)
                }
            }
        }

        /// `icebox serve token remove NAME`: the token (or an app's tokens) of that name stop working.
        struct Remove: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Remove the tokens of a name (a script's, or an app's): they stop working at once.")
            @OptionGroup var global: GlobalOptions
            @Argument(help: ArgumentHelp("The token's name, as `token list` shows it.", valueName: "name"))
            var name: String

            func run() async throws {
                try await reportingFailures {
                    let context = try await global.context(.queryOnly)
                    let removed = try APITokenStore(home: context.home, logger: context.logger).remove(named: name)
                    Console.err("icebox: removed \(removed) token\(removed == 1 ? "" : "s") named \(name)")
                }
            }
        }
    }
}
