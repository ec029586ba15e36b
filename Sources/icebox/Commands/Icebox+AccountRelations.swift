import ArchiveCore
import ArgumentParser
import Foundation
import Importer

/// What every relation listing takes: the account, `--all`, and one of `--json`, `--jsonl`, `--csv`.
struct RelationListing: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "The account: its handle (user@host) or its server's URL; every account when left out.",
            valueName: "account"))
    var account: String?

    @Flag(help: "Also list relations that ended (with when they ended).") var all = false
    @Flag(
        help: ArgumentHelp(
            "List what imported files claim instead (Mastodon's CSVs read by `icebox import mastodon-export`).",
            discussion: "A file's word, not the server's: each claim names its file and line."))
    var claims = false
    @Flag(help: "Print JSON on stdout.") var json = false
    @Flag(help: "Print one JSON object per line.") var jsonl = false
    @Flag(help: "Print CSV with a header line.") var csv = false

    func validate() throws {
        guard [json, jsonl, csv].filter({ $0 }).count <= 1 else {
            throw ValidationError("choose one of --json, --jsonl and --csv")
        }
        if claims, all { throw ValidationError("--all lists the ledger's ended relations; a file's claims never end") }
    }

    /// The CSV columns: the JSON record's fields, in order.
    static let fields = ["account", "kind", "acct", "url", "display_name", "since", "last_seen_at", "ended_at"]

    /// The CSV columns of a kind's records: a follow's settings and a note's text after the others.
    static func fields(of kind: RelationKind) -> [String] {
        switch kind {
        case .following: fields + ["showing_reblogs", "notifying", "languages"]
        case .notes: fields + ["note"]
        default: fields
        }
    }

    /// Lists the archive's relations of `kind`, as asked (or, with `--claims`, what files claim of them).
    func list(_ kind: RelationKind, global: GlobalOptions) async throws {
        if claims { return try await listClaims(kind, global: global) }
        try await reportingFailures {
            let context = try await global.context(.queryOnly)
            let accountID = try await context.accountID(named: account)
            let relations = try await context.store.relations(of: accountID, kind: kind, includeEnded: all)
            if json { return try Console.json(relations) }
            if jsonl { return try Console.jsonLines(relations) }
            if csv { return Console.outBytes(Data(try CSVOutput.text(relations, fields: Self.fields(of: kind)).utf8)) }
            let accounts = Set(relations.map(\.account)).count
            for relation in relations {
                // Each field on one line of its own, so that a name a server sent can fake neither a row
                // nor a column.
                var columns = [relation.acct.terminalSafeLine, "since " + relation.since.prefix(10)]
                if let ended = relation.endedAt { columns.append("ended " + ended.prefix(10)) }
                if !relation.displayName.isEmpty { columns.append(relation.displayName.terminalSafeLine) }
                if let note = relation.note { columns.append("note: " + note.terminalSafeLine) }
                if accounts > 1 { columns.insert(relation.account.terminalSafeLine, at: 0) }
                Console.outSanitized(columns.joined(separator: "\t"))
            }
            if relations.isEmpty {
                Console.err(
                    "No \(kind.words) archived yet: `icebox sync` walks them (unless `icebox config graph off`).")
            }
        }
    }
}

extension Icebox.Account {
    /// `icebox account following [account]`.
    struct Following: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the accounts an account follows, as the archive last saw them.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var listing: RelationListing
        func run() async throws { try await listing.list(.following, global: global) }
    }

    /// `icebox account followers [account]`.
    struct Followers: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the accounts that follow an account, as the archive last saw them.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var listing: RelationListing
        func run() async throws { try await listing.list(.followers, global: global) }
    }

    /// `icebox account mutes [account]`.
    struct Mutes: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the accounts an account mutes.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var listing: RelationListing
        func run() async throws { try await listing.list(.mutes, global: global) }
    }

    /// `icebox account blocks [account]`.
    struct Blocks: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the accounts an account blocks.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var listing: RelationListing
        func run() async throws { try await listing.list(.blocks, global: global) }
    }

    /// `icebox account domain-blocks [account]`.
    struct DomainBlocks: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "domain-blocks", abstract: "List the domains an account blocks.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var listing: RelationListing
        func run() async throws { try await listing.list(.domainBlocks, global: global) }
    }

    /// `icebox account endorsements [account]`.
    struct Endorsements: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the accounts an account endorses (features on its profile).")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var listing: RelationListing
        func run() async throws { try await listing.list(.endorsements, global: global) }
    }

    /// `icebox account followed-tags [account]`.
    struct FollowedTags: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "followed-tags", abstract: "List the hashtags an account follows (acct is the tag's name).")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var listing: RelationListing
        func run() async throws { try await listing.list(.followedTags, global: global) }
    }

    /// `icebox account featured-tags [account]`.
    struct FeaturedTags: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "featured-tags", abstract: "List the hashtags an account features on its profile.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var listing: RelationListing
        func run() async throws { try await listing.list(.featuredTags, global: global) }
    }

    /// `icebox account notes [account]`.
    struct Notes: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List an account's private notes on other accounts, as the archive last read them.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var listing: RelationListing
        func run() async throws { try await listing.list(.notes, global: global) }
    }
}
