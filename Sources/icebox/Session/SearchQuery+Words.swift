import ArgumentParser
import SearchQuery

extension SearchQuery {
    /// The query `words` make, as `icebox search` and `icebox export search` take them (the words
    /// joined by spaces), read once in the command's `validate()`: a query that does not parse, or
    /// asks for nothing, is a usage error (exit 64).
    init(words: [String]) throws(ValidationError) {
        do {
            self = try SearchQuery(parsing: words.joined(separator: " "))
        } catch {
            throw ValidationError(error.description)
        }
        guard !isEmpty else { throw ValidationError("give something to search for") }
    }
}
