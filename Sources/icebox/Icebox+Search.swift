import Archive
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
                Words, "exact phrases", -excluded, a OR b, prefix*, and Mastodon's operators: from:@user, \
                from:@user@host, from:me, has:media|image|video|audio|poll|link|embed|alt, \
                is:reply|sensitive|boost, language:xx, before:/after:/during:YYYY-MM-DD (UTC); each can be \
                negated with -. Icebox adds in:<timeline> (in:home, in:tag:swift, in:remote:host) and \
                account:user@host (which of your accounts saw it). Accents and case do not matter; text in \
                Chinese, Japanese or Thai is found by substring.

                Quote a query with exclusions so they are not read as options: icebox search 'cats -dogs' \
                (or put -- before the query: icebox search -- -from:me cats).
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(parsing: .remaining, help: "The query.")
        var words: [String] = []

        @Option(help: "How many results.") var limit = 20
        @Option(help: "Skip this many results.") var offset = 0
        @Option(help: "newest (as Mastodon orders search results), oldest or relevance.") var sort: SearchSort = .newest
        @Flag(help: "Print only how many statuses match.") var count = false
        @Flag(help: "Print a JSON array.") var json = false
        @Flag(help: "Print one JSON object per line.") var jsonl = false
        @Flag(help: "Print CSV with a header line.") var csv = false

        func validate() throws {
            do {
                guard try !SearchQuery(parsing: words.joined(separator: " ")).isEmpty else {
                    throw ValidationError("give something to search for")
                }
            } catch let error as SearchQuery.Invalid {
                throw ValidationError(error.description)
            }
            try OptionRange.check("--limit", limit, in: 1...1_000_000)
            try OptionRange.check("--offset", offset, in: 0...Int(Int32.max))
            guard [json, jsonl, csv].filter({ $0 }).count <= 1 else {
                throw ValidationError("choose one of --json, --jsonl and --csv")
            }
        }

        func run() async throws {
            try await reportingFailures {
                let query = try SearchQuery(parsing: words.joined(separator: " "))
                let (_, archive, _, _) = try global.openArchiveForReading(neverWrites: true)
                if count { return Console.out(String(try await archive.count(query))) }
                let hits = try await archive.search(query, sort: sort, limit: limit, offset: offset)
                let words = query.highlightedWords
                // The snippet is cut from terminal-safe text, so the highlight codes added later are the only ones.
                let results = hits.map { SearchResult(hit: $0, words: words) }
                if json { return try Console.json(results) }
                if jsonl { return try results.forEach { try Console.jsonLine($0) } }
                if csv { return try SearchResult.printCSV(results) }
                let colour = global.escapes(on: STDOUT_FILENO)
                for result in results { Console.outSanitized(result.listing(colour: colour)) }
                if results.isEmpty { Console.err("No matches.") }
            }
        }
    }
}

extension SearchSort: ExpressibleByArgument {}

extension SearchResult {
    /// CSV with the fields of `--json`, in the same order: one header line, then one line a result.
    static func printCSV(_ results: [SearchResult]) throws {
        let records = try JSONOutput.object(results) as? [[String: Any]] ?? []
        FileHandle.standardOutput.write(Data(CSVOutput.text(records, fields: fieldNames).utf8))
    }
}
