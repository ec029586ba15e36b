import ArchiveCore
import ArgumentParser
import Foundation
import Importer
import MastodonAPI
import Transport

extension Icebox {
    /// `icebox account add|list|remove`.
    struct Account: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "account",
            abstract: "Manage the accounts Icebox archives with.",
            subcommands: [
                Add.self, List.self, Lists.self, Remove.self, Following.self, Followers.self, Mutes.self, Blocks.self,
                DomainBlocks.self, Endorsements.self, FollowedTags.self, FeaturedTags.self, Notes.self, Profile.self,
            ])
    }
}

extension Icebox.Account {
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add an account: with a token from stdin, or by approving Icebox in a browser.",
            discussion: """
                Without --token-stdin, Icebox registers itself with the server (scope: read), prints a \
                link to open, and asks for the code the server shows. Tokens are kept only in \
                credentials.json (mode 0600) in the archive folder.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The server: a host (mastodon.social) or URL. http:// only for loopback test servers.")
        var server: String

        @Flag(help: "Read an access token from standard input instead of running the OAuth flow.")
        var tokenStdin = false

        @Flag(help: "Ask the server to log in afresh (to add a second account on the same server).")
        var forceLogin = false

        @Flag(help: "Replace the token of an account that was already added, without asking.")
        var replace = false

        func validate() throws {
            do { _ = try ServerAddress(server) } catch { throw ValidationError(error.description) }
        }

        func run() async throws {
            try await reportingFailures {
                let address = try ServerAddress(server)
                let logger = global.logger()
                let home = try global.located().home
                // The server is asked first; the archive is opened (or started) only to record an account
                // it confirmed, so a mistyped server, a dead port or a refused token starts no archive.
                let verification = AccountVerification(
                    credentials: CredentialStore(file: home.credentials, logger: logger), logger: logger,
                    preparingFolder: { () throws(ArchiveError) in try home.create(logger: logger) })
                let verified: VerifiedAccount
                if tokenStdin {
                    guard let token = SecretInput.readLine(prompt: "Access token (not shown): "), !token.isEmpty else {
                        throw ValidationError("--token-stdin: no token on standard input")
                    }
                    verified = try await verification.verify(server: address, token: token)
                } else {
                    // A folder that is there is checked before the registration kept in it is read; a new
                    // one is made only to keep a new registration (which is reused on the next try).
                    if FileManager.default.fileExists(atPath: home.directory.path) { try home.create(logger: logger) }
                    let url = try await verification.authorizationURL(server: address, forceLogin: forceLogin)
                    Console.err("Open this page, approve Icebox, and paste the code it shows:")
                    Console.out(url.absoluteString)
                    OutputChannel.standardError.write("Code: ")
                    let typed = readLine(strippingNewline: true)
                    // At the end of input the prompt's line is still open: the message goes on a line of its own.
                    if typed == nil { OutputChannel.standardError.write("\n") }
                    guard let code = typed, !code.isEmpty else {
                        throw ValidationError("no authorization code entered")
                    }
                    verified = try await verification.exchange(server: address, code: code)
                }
                let context = try await global.context(.mayStart)
                let replace = replace
                // An account that exists is replaced with --replace, or when the user says so on a terminal.
                let confirm: @Sendable (ArchivingAccount) async -> Bool = { existing in
                    if replace { return true }
                    guard Console.stdinIsTerminal else { return false }
                    OutputChannel.standardError.write(
                        "\(existing.handle) on \(existing.server) is already added. Replace its token? [y/N] "
                            .terminalSafe)
                    let answer = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces).lowercased()
                    return answer == "y" || answer == "yes"
                }
                let account = try await AccountEnrollment(
                    archive: context.store, credentials: context.credentials, logger: context.logger
                )
                .record(verified, replace: confirm)
                Console.out("Added \(account.handle) (\(account.server))")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the accounts.")

        @OptionGroup var global: GlobalOptions

        @OptionGroup var format: ReportFormat

        func run() async throws {
            try await reportingFailures {
                try await global.list(format, empty: "No accounts yet: icebox account add <server>") {
                    try await $0.accounts()
                } line: { account, _ in
                    "\(account.handle)\t\(account.server)\tadded \(account.addedAt)"
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove an account and its token. What it archived stays in the archive.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The account: its handle (user@host), or its server's URL when the handle is not enough.")
        var account: String

        func run() async throws {
            try await reportingFailures {
                let context = try await global.context(.existing)
                let timelines = try await context.store.timelines()
                let removed = try await AccountEnrollment(
                    archive: context.store, credentials: context.credentials, logger: context.logger
                )
                .remove(account)
                Console.out("Removed \(removed.handle) (\(removed.server))")
                let unpinned = timelines.filter { $0.accountID == removed.id }.map(\.spec)
                if !unpinned.isEmpty {
                    Console.out(
                        "Unpinned its timelines: \(unpinned.joined(separator: ", ")) (what they archived stays)")
                }
            }
        }
    }
}
