import ArgumentParser
import MastodonTestServer
import Testing

@testable import icebox

/// `icebox search` read without ArgumentParser (`Icebox.Search.parsedDirectly`) must mean exactly what
/// ArgumentParser reads from the same arguments, or give way to it.
@Suite struct SearchShortcutTests {
    /// Everything both readers see, as one comparable value.
    struct Reading: Equatable, CustomStringConvertible {
        var words: [String], limit: Int, offset: Int, sort: String, count: Bool, json: Bool, jsonl: Bool, csv: Bool
        var all: Bool, home: String?, store: String?, verbose: Int, colour: String

        init(_ search: Icebox.Search) {
            words = search.words
            limit = search.limit
            offset = search.offset
            sort = search.sort.rawValue
            count = search.count
            json = search.json
            jsonl = search.jsonl
            csv = search.csv
            all = search.consent.all
            home = search.global.home
            store = search.global.store
            verbose = search.global.verbose
            colour = search.global.colour.rawValue
        }

        var description: String {
            "words \(words) limit \(limit) offset \(offset) sort \(sort) count \(count) json \(json) jsonl \(jsonl) "
                + "csv \(csv) all \(all) home \(home ?? "nil") store \(store ?? "nil") verbose \(verbose) colour \(colour)"
        }
    }

    /// What ArgumentParser reads from the whole command line; nil when it does not read a search.
    static func parsedByArgumentParser(_ arguments: [String]) -> Reading? {
        guard let search = try? Icebox.parseAsRoot(arguments) as? Icebox.Search else { return nil }
        return Reading(search)
    }

    static func check(_ arguments: [String]) {
        guard let shortcut = Icebox.Search.parsedDirectly(arguments) else { return }
        let reading = Reading(shortcut)
        #expect(parsedByArgumentParser(arguments) == reading, "\(arguments)")
    }

    @Test(arguments: [
        ["search", "cats"],
        ["search", "cats", "dogs", "--limit", "5"],
        ["search", "--limit=7", "cats", "--offset", "3", "--sort", "oldest"],
        ["search", "cats", "--sort=relevance", "--json", "--all"],
        ["search", "from:me", "--count", "-v", "--home", "/tmp/x", "--color", "never"],
        ["search", "cats", "-vv", "--store", "postgres://u@127.0.0.1/db", "--jsonl"],
        ["search", "cats", "--verbose", "-v", "--csv", "--color=always"],
        ["search", "", "cats"],
        ["search", "search", "help"],
    ])
    func everydayArgumentsAreReadAsArgumentParserReadsThem(_ arguments: [String]) throws {
        let shortcut = try #require(Icebox.Search.parsedDirectly(arguments))
        #expect(Self.parsedByArgumentParser(arguments) == Reading(shortcut))
    }

    /// Each of these is left to ArgumentParser: help and version, a mistake it words, an option given
    /// twice, an option's value that looks like an option, what the shortcut does not know.
    @Test(arguments: [
        ["search", "--help"], ["search", "-h"], ["search", "--version"], ["search"], ["search", "--limit"],
        ["search", "cats", "--limit", "x"], ["search", "cats", "--limit", "0"], ["search", "cats", "--sort", "best"],
        ["search", "cats", "--color", "sometimes"], ["search", "cats", "--limit", "5", "--limit", "6"],
        ["search", "cats", "--json", "--json"], ["search", "cats", "--json", "--csv"],
        ["search", "cats", "--home", "-x"],
        ["search", "--", "-from:me"], ["search", "cats", "-dogs"], ["search", "cats", "--generate-completion-script"],
        ["search", "cats", "--json=true"], ["search", "cats", "-vvv"], ["show", "1"], [],
    ])
    func anythingElseIsLeftToArgumentParser(_ arguments: [String]) {
        #expect(Icebox.Search.parsedDirectly(arguments) == nil)
    }

    /// Six thousand command lines drawn from the options, their values (good and bad) and words that
    /// look like options: whenever the shortcut reads one, ArgumentParser reads the same.
    @Test func randomCommandLinesAgree() {
        let pieces: [[String]] = [
            ["cats"], ["dogs"], ["from:me"], ["#tag"], ["-dogs"], ["--"], ["help"], ["search"], [""], ["-"],
            ["--limit", "5"], ["--limit", "0"], ["--limit", "-3"], ["--limit=12"], ["--limit"], ["--offset", "2"],
            ["--offset=-1"], ["--sort", "oldest"], ["--sort", "relevance"], ["--sort=newest"], ["--sort", "best"],
            ["--count"], ["--json"], ["--jsonl"], ["--csv"], ["--all"], ["-v"], ["-vv"], ["--verbose"],
            ["--home", "/tmp/a"], ["--home=/tmp/b"], ["--store", "postgres://u@127.0.0.1/db"],
            ["--color", "never"], ["--color=always"], ["--color", "auto"], ["--color", "pink"], ["-h"], ["--json=1"],
            ["--home="], ["--store="], ["--sort="], ["--limit="], ["--home", ""], ["-x"],
            ["--limit", "5", "--limit=6"],
        ]
        var random = SplitMix64(seed: 20_261_124)
        var readByShortcut = 0
        for _ in 0..<6_000 {
            var arguments = ["search"]
            for _ in 0..<random.int(6) { arguments += pieces[random.int(pieces.count)] }
            if Icebox.Search.parsedDirectly(arguments) != nil { readByShortcut += 1 }
            Self.check(arguments)
        }
        // The comparison is worth something only if the shortcut read a good share of them.
        #expect(readByShortcut > 300)
    }
}
