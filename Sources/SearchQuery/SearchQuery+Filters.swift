import Foundation
import Models

extension SearchQuery {
    /// The operators Icebox knows. Any other `name:` is searched as text.
    static let operators: Set<String> = [
        "from", "has", "is", "language", "before", "after", "during", "in", "account",
        "visibility",
    ]

    /// A filter from an operator or hashtag token; `nil` when the token is neither.
    static func filter(from token: Token) throws(Invalid) -> Filter? {
        if case .tag(let name, let sign) = token { return Filter(.tag(name), negated: sign == "-") }
        guard case .op(let name, let rawValue, let sign) = token, operators.contains(name) else { return nil }
        let value = rawValue.trimmingCharacters(in: .whitespaces)
        let negated = sign == "-"
        guard !value.isEmpty else { throw Invalid("\(name): needs a value") }
        switch name {
        case "from":
            if value.lowercased() == "me" { return Filter(.fromMe, negated: negated) }
            if value.lowercased() == "following" { return Filter(.fromFollowing, negated: negated) }
            let handle = value.hasPrefix("@") ? String(value.dropFirst()) : value
            let parts = handle.split(separator: "@", omittingEmptySubsequences: false).map(String.init)
            guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty }) else {
                throw Invalid("from:\(value): give @user, @user@host or me")
            }
            return Filter(
                .from(user: parts[0].lowercased(), host: parts.count == 2 ? parts[1].lowercased() : nil),
                negated: negated)
        case "has":
            guard let feature = Feature(rawValue: value.lowercased()) else {
                throw Invalid(
                    "has:\(value) is not known; use \(Feature.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return Filter(.has(feature), negated: negated)
        case "is":
            let word = value.lowercased()
            guard let kind = Kind(rawValue: word == "favorited" ? "favourited" : word) else {
                throw Invalid("is:\(value) is not known; use \(Kind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return Filter(.isA(kind), negated: negated)
        case "visibility":
            guard let kind = Kind(rawValue: value.lowercased()), Kind.visibilities.contains(kind) else {
                throw Invalid(
                    "visibility:\(value) is not known; use \(Kind.visibilities.map(\.rawValue).joined(separator: ", "))"
                )
            }
            return Filter(.isA(kind), negated: negated)
        case "language":
            let code = value.lowercased()
            guard (2...3).contains(code.count), code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw Invalid("language:\(value): give a language code such as en or ja")
            }
            return Filter(.language(code), negated: negated)
        case "before", "after", "during":
            guard let day = day(value) else { throw Invalid("\(name):\(value): give a date as \(Day.format)") }
            let condition: Condition = name == "before" ? .before(day) : name == "after" ? .after(day) : .during(day)
            return Filter(condition, negated: negated)
        case "in":
            do {
                return Filter(.inTimeline(try TimelineSpec(parsing: value).description), negated: negated)
            } catch {
                throw Invalid("in:\(value): \(error.description)")
            }
        default:  // account
            let handle = value.hasPrefix("@") ? String(value.dropFirst()) : value
            guard handle.split(separator: "@").count == 2 else { throw Invalid("account:\(value): give user@host") }
            return Filter(.account(handle.lowercased()), negated: negated)
        }
    }

    /// Midnight UTC of a `YYYY-MM-DD` day (the rule is `Day`'s).
    public static func day(_ text: String) -> Date? {
        Day(text)?.start
    }
}
