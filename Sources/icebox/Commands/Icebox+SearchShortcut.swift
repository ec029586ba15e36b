import ArchiveCore
import ArgumentParser

extension Icebox.Search {
    /// `icebox search …` read without ArgumentParser, when the arguments are of the everyday kind: words,
    /// and the search's own options and the global ones spelled out (`--limit 5`, `--limit=5`, `-v`,
    /// `-vv`). Nil for anything else (help, a mistake, an option given twice, a value that is empty or
    /// starts with `-`, `--`, a completion request): the caller then parses them the usual way, so every message
    /// and exit code stays ArgumentParser's, and `IceboxCLITests.SearchShortcutTests` checks that both
    /// readings agree.
    ///
    /// Why: people call a search many times a minute from the shell, and ArgumentParser reflects on
    /// the whole command tree each run. Measured again on 2026-11-25 (release build, static stdlib,
    /// Swift 6.3.1, 2 shared cores at a load of 8 to 10; the archive of `icebox-benchmarks startup`,
    /// 100k statuses; `icebox search word3977 --limit 20` against the same search sent through
    /// ArgumentParser by a `--` before the word; runs interleaved, both printing the same bytes):
    ///
    ///     runs  path            median wall  median CPU  fastest CPU
    ///     100   this reader       21.8 ms      9.7 ms      7.0 ms
    ///     100   ArgumentParser    25.0 ms     11.9 ms      9.6 ms
    ///     200   this reader       12.5 ms      8.9 ms      7.3 ms
    ///     200   ArgumentParser    17.3 ms     11.3 ms      9.4 ms
    ///
    /// About 2.3 ms of CPU a search, a fifth of a one-shot search: kept. Remove it when that
    /// difference goes (measure the same way).
    static func parsedDirectly(_ arguments: [String]) -> Self? {
        guard arguments.first == "search" else { return nil }
        var reader = SearchShortcut()
        for argument in arguments.dropFirst() {
            guard reader.take(argument) else { return nil }
        }
        guard var search = reader.search() else { return nil }
        do { try search.validate() } catch { return nil }
        return search
    }
}

/// The arguments of `icebox search` as `Icebox.Search.parsedDirectly` reads them.
struct SearchShortcut {
    private var words: [String] = []
    // Arrays, not sets: a handful of entries, and hashing's first use costs a one-shot run a lookup.
    private var values: [(option: String, value: String)] = []
    private var flags: [String] = []
    private var verbose = 0
    /// The option whose value comes next.
    private var pending: String?

    static let valueOptions = ["--limit", "--offset", "--sort", "--home", "--store", "--color"]
    static let flagOptions = ["--count", "--json", "--jsonl", "--csv", "--all"]

    /// Takes one argument; false when it is not of the everyday kind.
    mutating func take(_ argument: String) -> Bool {
        if let option = pending {
            pending = nil
            guard !argument.isEmpty, !argument.hasPrefix("-") else { return false }
            return set(option, argument)
        }
        guard argument.hasPrefix("-") else {
            words.append(argument)
            return true
        }
        switch argument {
        case "-v", "--verbose":
            verbose += 1
            return true
        case "-vv":
            verbose += 2
            return true
        default: break
        }
        if Self.flagOptions.contains(argument) {
            guard !flags.contains(argument) else { return false }
            flags.append(argument)
            return true
        }
        if Self.valueOptions.contains(argument) {
            pending = argument
            return true
        }
        let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, Self.valueOptions.contains(String(parts[0])), !parts[1].isEmpty,
            !parts[1].hasPrefix("-")
        else { return false }
        return set(String(parts[0]), String(parts[1]))
    }

    private mutating func set(_ option: String, _ value: String) -> Bool {
        guard self[option] == nil else { return false }
        values.append((option, value))
        return true
    }

    private subscript(option: String) -> String? {
        values.first { $0.option == option }?.value
    }

    /// The search read, or nil when an option lacks its value or a value is not one the option takes.
    func search() -> Icebox.Search? {
        guard pending == nil else { return nil }
        var global = GlobalOptions()
        global.home = self["--home"]
        global.store = self["--store"]
        global.verbose = verbose
        global.colour = GlobalOptions.defaultColour
        if let colour = self["--color"] {
            guard let choice = ColourChoice(rawValue: colour) else { return nil }
            global.colour = choice
        }
        var consent = ConsentOption()
        consent.all = flags.contains("--all")
        var search = Icebox.Search()
        search.global = global
        search.consent = consent
        search.words = words
        search.limit = Icebox.Search.defaultLimit
        search.offset = 0
        search.sort = Icebox.Search.defaultSort
        if let limit = self["--limit"] {
            guard let number = Int(limit) else { return nil }
            search.limit = number
        }
        if let offset = self["--offset"] {
            guard let number = Int(offset) else { return nil }
            search.offset = number
        }
        if let sort = self["--sort"] {
            guard let order = SearchSort(rawValue: sort) else { return nil }
            search.sort = order
        }
        search.count = flags.contains("--count")
        search.json = flags.contains("--json")
        search.jsonl = flags.contains("--jsonl")
        search.csv = flags.contains("--csv")
        return search
    }
}
