import Foundation

/// What a page request asks besides its route: the page number, whether to show posts of accounts
/// that opted out of search (`all=1`), and whether a machine wants JSON.
struct PageRequest: Sendable {
    /// The path asked for, as sent (percent-encoded): what the pager's links keep.
    let path: String
    /// The query's values, percent-decoded (a form's `+` read as a space); the first of each name.
    let values: [String: String]
    let wantsJSON: Bool

    init(path: String, query: String, wantsJSON: Bool) {
        self.path = path
        var values: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding }
            // The owner's token is the guard's, never a page's: no link or JSON answer repeats it.
            guard let name = decode(parts[0]), values[name] == nil, name != "token" else { continue }
            values[name] = parts.count > 1 ? decode(parts[1]) ?? "" : ""
        }
        self.values = values
        self.wantsJSON = wantsJSON
    }

    func value(_ name: String) -> String? { values[name] }

    /// The page asked for, from 1 (`page=`); a missing or unreadable number is the first page.
    var page: Int { value("page").flatMap(Int.init).map { min(max($0, 1), 1_000_000) } ?? 1 }

    /// The offset of the page's first status.
    var offset: Int { (page - 1) * Reader.pageSize }

    /// `all=1`: the posts of accounts that opted out of search too, as `icebox search --all`.
    var showsAll: Bool { value("all") == "1" }

    /// `count=all`: the page's total counted exactly, however many there are (see `--count-limit`).
    var countsAll: Bool { value("count") == "all" }

    /// This page's address with `name` set to `value`, the rest of the query kept (sorted by name): a
    /// local path only, never another site's.
    func href(setting name: String, to value: String) -> String {
        var values = self.values
        values[name] = value
        let query = values.sorted { $0.key < $1.key }.map { "\(Reader.encoded($0.key))=\(Reader.encoded($0.value))" }
        let path = path.hasPrefix("/") && !path.hasPrefix("//") ? path : "/"
        return path + "?" + query.joined(separator: "&")
    }
}
