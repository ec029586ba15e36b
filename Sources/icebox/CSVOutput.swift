import Foundation

/// RFC 4180 CSV from the records `JSONOutput` makes, so `--csv` has the fields of `--json`.
enum CSVOutput {
    /// A header line of `fields`, then one line per record; `null` is an empty field, a list is
    /// joined with "; ".
    static func text(_ records: [[String: Any]], fields: [String]) -> String {
        var lines = [fields.map(quoted).joined(separator: ",")]
        for record in records {
            lines.append(fields.map { quoted(value(record[$0])) }.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
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
