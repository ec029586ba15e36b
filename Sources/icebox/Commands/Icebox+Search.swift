import ArchiveCore
import ArgumentParser
import Display
import Foundation
import Models
import SearchQuery

extension Icebox {
    /// `icebox search`: full-text search with Mastodon's operators.
    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "search",
            abstract: "Search the archive.",
            discussion: """
                Words, "exact phrases", -excluded (or NOT excluded), a OR b, a AND b, prefix*, #hashtag, and \
                Mastodon's operators: from:@user, from:@user@host, from:me, \
                from:following (authors your accounts follow, as the last walk of the graph saw them), \
                has:media|image|video|audio|poll|link|embed|alt, is:reply|sensitive|boost, \
                is:bookmarked|favourited (your own), is:direct|private|unlisted|public (or visibility:), \
                language:xx, before:/after:/during:YYYY-MM-DD (UTC); each can be negated with -, and a query \
                may be exclusions and filters alone. Icebox adds in:<timeline> (in:home, in:tag:swift, \
                in:remote:host) and account:user@host (which of your accounts saw it). Accents and case do not \
                matter; text in Chinese, Japanese or Thai is found by substring. An unknown word: is searched \
                as text, with a warning.

                Posts of accounts that opted out of search are left out unless you wrote, bookmarked, \
                favourited or boosted them or were mentioned in them (--all, or icebox config search-consent).

                Exits 1 when nothing matched, as grep does.

                Quote a query with exclusions so they are not read as options: icebox search 'cats -dogs' \
                (or put -- before the query: icebox search -- -from:me cats).
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(parsing: .allUnrecognized, help: "The query.")
        var words: [String] = []

        @Option(help: "How many results.") var limit = Self.defaultLimit
        @Option(help: "Skip this many results.") var offset = 0
        @Option(help: "newest (as Mastodon orders search results), oldest or relevance.") var sort = Self.defaultSort
        @Flag(help: "Print only how many statuses match.") var count = false
        @Flag(help: "Print a JSON array.") var json = false
        @Flag(help: "Print one JSON object per line.") var jsonl = false
        @Flag(help: "Print CSV with a header line.") var csv = false
        @OptionGroup var consent: ConsentOption

        /// The query the words make, read once by `validate()`; `run()` searches for it as it is.
        private(set) var query = SearchQuery()

        /// What ArgumentParser reads: every property but `query`.
        enum CodingKeys: CodingKey { case global, words, limit, offset, sort, count, json, jsonl, csv, consent }

        /// The defaults of `--limit` and `--sort` (also `SearchShortcut`'s).
        static let defaultLimit = 20
        static let defaultSort = SearchSort.newest

        mutating func validate() throws {
            try Self.refuseUnknownOptions(in: words, typed: Array(CommandLine.arguments.dropFirst()))
            query = try SearchQuery(words: words)
            try OptionRange.check("--limit", limit, in: 1...1_000_000)
            try OptionRange.check("--offset", offset, in: 0...Int(Int32.max))
            guard [json, jsonl, csv].filter({ $0 }).count <= 1 else {
                throw ValidationError("choose one of --json, --jsonl and --csv")
            }
        }

        func run() async throws {
            try await reportingFailures {
                for warning in query.warnings { Console.err("icebox: warning: \(warning)") }
                let context = try await global.context(.queryOnly)
                let policy = try await consent.policy(context.store)
                if count {
                    let total = try await context.store.count(query, consent: policy)
                    if json || jsonl {
                        let hidden = try await context.store.hiddenByConsent(query, policy: policy, shown: total)
                        let answer = SearchCount(count: total, hiddenByConsent: hidden)
                        if jsonl { try Console.jsonLines([answer]) } else { try Console.json(answer) }
                        if total == 0 { throw ExitCode(.failure) }
                        return
                    }
                    Console.out(String(total))
                    guard total == 0 else {
                        try await Self.noteHidden(query, consent: policy, shown: total, archive: context.store)
                        return
                    }
                    let note = try await Self.noMatchesNote(query, offset: 0, consent: policy, archive: context.store)
                    if note != "No matches." { Console.err(note) }
                    throw ExitCode(.failure)
                }
                let hits = try await context.store.search(
                    query, sort: sort, limit: limit, offset: offset, consent: policy)
                let words = query.highlightedWords
                // The snippet is cut from terminal-safe text, so the highlight codes added later are the only ones.
                let results = hits.map { SearchResult(hit: $0, words: words) }
                if json {
                    try Console.json(results)
                } else if jsonl {
                    try Console.jsonLines(results)
                } else if csv {
                    try SearchResult.printCSV(results)
                }
                // Nothing matched: the format's empty document, why, then exit 1, as grep and ripgrep do.
                if hits.isEmpty {
                    Console.err(
                        try await Self.noMatchesNote(query, offset: offset, consent: policy, archive: context.store))
                    throw ExitCode(.failure)
                }
                let complete = offset == 0 && hits.count < limit
                if json || jsonl || csv {
                    try await Self.noteHidden(
                        query, consent: policy, shown: complete ? hits.count : nil, archive: context.store)
                    return
                }
                let colour = global.escapes(on: STDOUT_FILENO)
                for result in results { Console.outSanitized(result.listing(colour: colour)) }
                var total: Int? = complete ? hits.count : nil
                if Console.stdoutIsTerminal {
                    // A page that is not the whole answer costs one count (the index's own, mostly).
                    let counted: Int
                    if let total {
                        counted = total
                    } else {
                        counted = try await context.store.count(query, consent: policy)
                    }
                    total = counted
                    Console.outSanitized(
                        SearchResult.closingLine(
                            shown: offset..<(offset + hits.count), of: counted,
                            sort: sort, colour: colour))
                }
                try await Self.noteHidden(query, consent: policy, shown: total, archive: context.store)
            }
        }
    }
}

extension SearchSort: ExpressibleByArgument {}

extension SearchResult {
    /// CSV with the fields of `--json`, in the same order: one header line, then one line a result.
    static func printCSV(_ results: [SearchResult]) throws {
        Console.outBytes(Data(try CSVOutput.text(results, fields: fieldNames).utf8))
    }
}
