import Foundation

/// RFC 4180 CSV from the records `JSONOutput` makes, so `--csv` has the fields of `--json`. Every
/// `--csv` goes through here, so the defence against formula injection is in one place: see `cell`.
enum CSVOutput {
    /// A header line of `fields`, then one line per record; `null` is an empty field, a list is
    /// joined with "; ".
    static func text(_ records: [[String: Any]], fields: [String]) -> String {
        var lines = [fields.map(quoted).joined(separator: ",")]
        for record in records {
            lines.append(fields.map { cell(record[$0]) }.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The characters a spreadsheet takes as the start of a formula (`=HYPERLINK(…)`, `@SUM(…)`,
    /// `+cmd|…`, `-…`), and the tab and carriage return that can smuggle one past a first character.
    static let formulaStarts: Set<Character> = ["=", "+", "-", "@", "\t", "\r"]

    /// One field, quoted as needed. Text (any field a server or a post's author chose: names, text,
    /// content warnings, poll options, URLs, lists of them) that begins with a formula character is
    /// neutralised as OWASP recommends: a single quote in front, and the field quoted, so a
    /// spreadsheet shows it as text. Numbers and flags Icebox wrote itself (a negative rank) stay as
    /// they are.
    static func cell(_ json: Any?) -> String {
        let text = value(json)
        guard !(json is NSNumber), let first = text.first, formulaStarts.contains(first) else { return quoted(text) }
        return "\"'" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static func value(_ json: Any?) -> String {
        switch json {
        case nil, is NSNull: ""
        case let text as String: text.terminalSafe
        case let list as [Any]: list.map { value($0) }.joined(separator: "; ")
        case let flag as Bool: flag ? "true" : "false"
        case let number as NSNumber: number.stringValue
        case let other?: "\(other)"
        }
    }

    private static func quoted(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
