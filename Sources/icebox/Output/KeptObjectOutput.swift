import ArgumentParser
import Foundation
import Models

/// `--json`, `--jsonl`, `--csv` and `--raw` of the commands that list objects kept whole (notifications,
/// conversations): their records, or the objects as the servers sent them.
struct KeptObjectOutput: ParsableArguments {
    @Flag(help: "Print JSON on stdout.") var json = false
    @Flag(help: "Print one JSON object per line.") var jsonl = false
    @Flag(help: "Print CSV with a header line.") var csv = false
    @Flag(help: "Print a JSON array of the objects as the servers sent them.") var raw = false

    func validate() throws {
        guard [json, jsonl, csv, raw].filter({ $0 }).count <= 1 else {
            throw ValidationError("choose one of --json, --jsonl, --csv and --raw")
        }
    }

    /// Prints `records` as asked (`fields`: the CSV columns; `objects`: what `--raw` prints); false when
    /// none of the four was asked for (the command prints its text).
    func print<Record: Encodable>(_ records: [Record], fields: [String], objects: () -> [Data]) throws -> Bool {
        if json {
            try Console.json(records)
        } else if jsonl {
            try Console.jsonLines(records)
        } else if csv {
            Console.outBytes(Data(try CSVOutput.text(records, fields: fields).utf8))
        } else if raw {
            Console.outBytes(Self.rawArray(objects()))
        } else {
            return false
        }
        return true
    }

    /// One line of a listing's text: `columns`, the object's `link` when it has one, and the archiving
    /// `account` first when the listing holds several accounts'; each field a server sent made safe for one
    /// column of one line.
    static func printLine(_ columns: [String], link: String?, account: String, showingAccount: Bool) {
        var columns = columns
        if let link { columns.append(link.terminalSafeLine) }
        if showingAccount { columns.insert(account.terminalSafeLine, at: 0) }
        Console.outSanitized(columns.joined(separator: "\t"))
    }

    /// Objects as their servers sent them, as one JSON array; the hidden controls a server may leave raw
    /// in a string are escaped (the same characters), so a terminal shows them as text.
    static func rawArray(_ objects: [Data]) -> Data {
        var out = Data("[".utf8)
        for (index, object) in objects.enumerated() {
            out.append(Data((index == 0 ? "\n" : ",\n").utf8))
            out.append(HiddenControlEscaping.escaping(object))
        }
        out.append(Data((objects.isEmpty ? "]\n" : "\n]\n").utf8))
        return out
    }
}
