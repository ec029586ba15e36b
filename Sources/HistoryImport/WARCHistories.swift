import Foundation

/// The edit histories a WARC import read, the last capture of each, kept until its transaction is over
/// (see ``WARCImport``), and bounded in bytes: past `byteLimit`, a history not held already is left out
/// (the caller names it; a sync asks the server for it), so that a file of many histories never holds
/// them all in memory.
struct WARCHistories: Sendable {
    let byteLimit: Int
    private(set) var byKey: [String: WARCImport.CapturedHistory] = [:]
    private var bytes = 0

    init(byteLimit: Int) {
        self.byteLimit = byteLimit
    }

    /// Keeps `history` in place of an earlier capture of it; `false` when it would pass the bound.
    mutating func keep(_ history: WARCImport.CapturedHistory) -> Bool {
        let key = history.server + " " + history.localID
        let size = history.versions.reduce(key.utf8.count) { $0 + $1.raw.count }
        let earlier = byKey[key].map { $0.versions.reduce(key.utf8.count) { $0 + $1.raw.count } } ?? 0
        guard bytes - earlier + size <= byteLimit else { return false }
        bytes += size - earlier
        byKey[key] = history
        return true
    }

    var all: [WARCImport.CapturedHistory] { Array(byKey.values) }
}

extension WARCImport {
    /// The versions of one status's edit history as a capture kept them.
    struct CapturedHistory: Sendable {
        var server: String
        var localID: String
        var versions: [(createdAt: Date, raw: Data)]
    }
}
