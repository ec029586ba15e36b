import Foundation

/// RFC 4180 CSV of records read through their `Encodable` conformance (`CSVRecordEncoder`), the one
/// `--json` uses, so `--csv` has the fields of `--json`. Every `--csv` goes through here, so the
/// defence against formula injection is in one place: see `cell`.
enum CSVOutput {
    /// A header line of `fields`, then one line per record; `null` is an empty field, a list is
    /// joined with "; ".
    static func text<T: Encodable>(_ records: [T], fields: [String]) throws -> String {
        var lines = [fields.map(quoted).joined(separator: ",")]
        for record in records {
            let values = try CSVRecordEncoder.fields(of: record)
            lines.append(fields.map { cell(values[$0] ?? .null) }.joined(separator: ","))
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
    static func cell(_ field: CSVCell) -> String {
        let text = value(field)
        switch field {
        case .number, .flag: return quoted(text)
        case .null, .text, .list: break
        }
        guard let first = text.first, formulaStarts.contains(first) else { return quoted(text) }
        return "\"'" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static func value(_ field: CSVCell) -> String {
        switch field {
        case .null: ""
        case .text(let text): text.terminalSafe
        case .list(let list): list.map(value).joined(separator: "; ")
        case .flag(let flag): flag ? "true" : "false"
        case .number(let number): number
        }
    }

    private static func quoted(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
