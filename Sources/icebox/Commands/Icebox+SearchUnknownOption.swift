import ArgumentParser

extension Icebox.Search {
    /// The options `search` and the global options it takes, as typed (for "did you mean").
    static let optionNames =
        SearchShortcut.valueOptions + SearchShortcut.flagOptions + ["--verbose", "--help", "--version"]

    /// A word ArgumentParser handed to the query because it knew no such option (`--limt 5`, `--jsn`,
    /// `-x`): an option by its look, typed before any `--`. The query reads every word it is given, so
    /// without this a typo would silently change what is searched (issue 42, M2). A query's own
    /// exclusions (`-dogs`, `-from:me`) are words of more than one letter after a single dash, so they
    /// stay words; `--` before the query passes anything as it is.
    static func unknownOption(in words: [String], typed arguments: [String]) -> String? {
        let beforeTerminator = arguments.prefix { $0 != "--" }
        return words.first { word in
            guard beforeTerminator.contains(word) else { return false }
            if word.hasPrefix("--") { return word.count > 2 }
            let letters = word.dropFirst()
            return word.hasPrefix("-") && letters.count == 1 && letters.allSatisfy(\.isLetter)
        }
    }

    /// Throws ArgumentParser's kind of message for an option `search` does not have.
    static func refuseUnknownOptions(in words: [String], typed arguments: [String]) throws {
        guard let option = unknownOption(in: words, typed: arguments) else { return }
        let name = option.split(separator: "=", maxSplits: 1).first.map(String.init) ?? option
        throw ValidationError("Unknown option '\(name)'.\(Mistyped.suggestion(for: name, among: optionNames))")
    }
}
