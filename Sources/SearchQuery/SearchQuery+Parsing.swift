import Foundation
import Models

extension SearchQuery {
    /// Parses what the user typed. Errors name the part that is wrong (an unbalanced quote, an unknown
    /// `has:` value, a bad date, a dangling `OR`, `AND` or `NOT`); an unknown `word:` is searched as text
    /// and noted in `warnings`.
    public init(parsing input: String) throws(Invalid) {
        self.init()
        let tokens = try Self.lex(input)
        let parts = tokens.count(where: { !$0.isConnective })
        guard parts <= Self.maximumParts else {
            throw Invalid(
                "a search takes at most \(Self.maximumParts) words, phrases and operators; this one has \(parts)")
        }
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token {
            case .or:
                // A word before would have taken this OR into its clause: what came before is no word.
                throw Invalid(
                    index > 1 && index < tokens.count
                        ? "\"OR\" joins words or phrases, not operators, hashtags or exclusions"
                        : "\"OR\" needs something to search on both sides")
            case .and:
                // Every part must match anyway: AND only has to stand between two parts.
                guard index > 1, index < tokens.count, !tokens[index].isConnective else {
                    throw Invalid("\"AND\" needs something to search on both sides")
                }
                continue
            default: break
            }
            if let warning = Self.warning(for: token) { warnings.append(warning) }
            if let filter = try Self.filter(from: token) {
                filters.append(filter)
                continue
            }
            guard let (text, negated) = Self.text(from: token) else { continue }
            var clause = Clause([text], negated: negated)
            // `a OR b OR c`: one clause with alternatives. Negated terms do not take part in OR.
            while index + 1 < tokens.count, case .or = tokens[index] {
                guard !negated, let (next, nextNegated) = Self.text(from: tokens[index + 1]), !nextNegated else {
                    throw Invalid("\"OR\" joins words or phrases, not operators, hashtags or exclusions")
                }
                clause.alternatives.append(next)
                index += 2
            }
            if index < tokens.count, case .or = tokens[index] {
                throw Invalid("\"OR\" needs something to search on both sides")
            }
            clauses.append(clause)
        }
    }

    /// The most words, phrases, hashtags and operators one search may have (`OR` and `AND` aside). Each
    /// is a term the full-text index looks up: 2,000 `OR`ed words took 10 s of CPU, and no one types 100.
    public static let maximumParts = 100

    /// The warning an unknown `word:` gets: it is searched as its words. A URL (`https://…`) is text
    /// the user meant as text, so it gets none.
    static func warning(for token: Token) -> String? {
        guard case .op(let name, let value, _) = token, !operators.contains(name), !value.hasPrefix("/"),
            name.allSatisfy({ $0.isLetter })
        else { return nil }
        return "\(name): is not an operator Icebox knows (searched as the words \"\(name) \(value)\"); "
            + "operators: \(operators.sorted().joined(separator: ", "))"
    }

    /// Lexical pieces of a query.
    enum Token {
        case term(String, sign: Character?)
        case quoted(String, sign: Character?)
        case op(name: String, value: String, sign: Character?)
        /// `#name`, the name normalized (see `Hashtag`).
        case tag(String, sign: Character?)
        case or, and

        var isConnective: Bool {
            switch self {
            case .or, .and: true
            default: false
            }
        }
    }

    static let openQuotes: Set<Character> = ["\"", "“", "„", "«", "「"]
    static let closeQuotes: Set<Character> = ["\"", "”", "“", "»", "」"]

    static func lex(_ input: String) throws(Invalid) -> [Token] {
        var tokens: [Token] = []
        var rest = Substring(input)
        // `NOT x` is `-x`: set when the word before was NOT.
        var negateNext = false
        while let first = rest.first {
            if first.isWhitespace {
                rest = rest.dropFirst()
                continue
            }
            var sign: Character?
            if first == "-" || first == "+", let next = rest.dropFirst().first, !next.isWhitespace {
                sign = first
                rest = rest.dropFirst()
            }
            if negateNext {
                negateNext = false
                guard sign == nil else { throw Invalid("\"NOT \(first)…\": NOT and - both exclude; use one") }
                sign = "-"
            } else if sign == nil, rest.prefix(while: { !$0.isWhitespace }) == "NOT" {
                negateNext = true
                rest = rest.dropFirst(3)
                let next = rest.drop(while: \.isWhitespace).prefix(while: { !$0.isWhitespace })
                guard !next.isEmpty, next != "OR", next != "AND", next != "NOT" else {
                    throw Invalid("\"NOT\" needs something to exclude after it")
                }
                continue
            }
            if let quote = rest.first, openQuotes.contains(quote) {
                let (body, after) = try quoted(rest, context: String(quote))
                tokens.append(.quoted(body, sign: sign))
                rest = after
                continue
            }
            let end = rest.firstIndex(where: \.isWhitespace) ?? rest.endIndex
            let word = rest[..<end]
            if word == "OR" || word == "AND", sign == nil {
                tokens.append(word == "OR" ? .or : .and)
                rest = rest[end...]
                continue
            }
            if word.first == "#", word.count > 1 {
                let name = Hashtag.normalized(String(word.dropFirst()))
                if Hashtag.isValid(name) {
                    tokens.append(.tag(name, sign: sign))
                    rest = rest[end...]
                    continue
                }
            }
            if let colon = word.firstIndex(of: ":"), colon != word.startIndex {
                let name = String(word[..<colon]).lowercased()
                let afterColon = rest[rest.index(after: colon)...]
                if let quote = afterColon.first, openQuotes.contains(quote) {
                    // `name:"a quoted value"`
                    let (value, after) = try quoted(afterColon, context: "\(name):")
                    tokens.append(.op(name: name, value: value, sign: sign))
                    rest = after
                    continue
                }
                let value = String(word[word.index(after: colon)...])
                if !value.isEmpty || operators.contains(name) {
                    tokens.append(.op(name: name, value: value, sign: sign))
                    rest = rest[end...]
                    continue
                }
            }
            tokens.append(.term(String(word), sign: sign))
            rest = rest[end...]
        }
        return tokens
    }

    /// The text between a quote at the start of `text` and its closing quote, and what follows.
    private static func quoted(_ text: Substring, context: String) throws(Invalid) -> (String, Substring) {
        let body = text.dropFirst()
        guard let close = body.firstIndex(where: { closeQuotes.contains($0) }) else {
            throw Invalid("unbalanced quote: \(context)\(body.prefix(30)) has no closing quote")
        }
        return (String(body[..<close]), body[body.index(after: close)...])
    }

    /// A text token as a clause part; `nil` for tokens with no searchable letters or that are filters.
    static func text(from token: Token) -> (Text, negated: Bool)? {
        let raw: String
        let sign: Character?
        var prefix = false
        switch token {
        case .term(let term, let termSign):
            prefix = term.hasSuffix("*")
            raw = prefix ? String(term.dropLast()) : term
            sign = termSign
        case .quoted(let body, let quotedSign):
            raw = body
            sign = quotedSign
        case .op(let name, let value, let opSign):
            // An operator Icebox does not know is plain text, as on Mastodon.
            raw = "\(name) \(value)"
            sign = opSign
        case .tag, .or, .and:
            // A hashtag is a filter, never text.
            return nil
        }
        let words = Self.words(in: raw)
        guard !words.isEmpty else { return nil }
        let text: Text = words.count == 1 ? .word(words[0], prefix: prefix) : .phrase(words)
        return (text, sign == "-")
    }

    /// The words of a piece of text: runs of letters, digits and marks; punctuation and curly quotes
    /// separate words, as the index's tokenizer does.
    static func words(in text: String) -> [String] {
        text.split { character in
            !(character.isLetter || character.isNumber
                || character.unicodeScalars.contains { $0.properties.generalCategory == .nonspacingMark })
        }.map(String.init)
    }
}
