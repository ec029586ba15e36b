import Foundation
import Models

/// How far the entries of a ZIP or tarball may inflate, in bytes: all of them together, and each one
/// against the compressed bytes read for it. A small file that inflates to a huge one (a ZIP bomb) is
/// refused as soon as a bound is passed, while it is read, never after it was inflated whole.
struct InflationBounds: Sendable, Hashable {
    /// The uncompressed bytes a reading of the container may produce, all entries together (a tarball's
    /// entries passed unread count too: passing them inflates them).
    var totalBytes: Int64
    /// How many times its compressed bytes an entry may inflate to.
    var ratio: Int64
    /// Below this many uncompressed bytes an entry's ratio is not looked at: a small file of one
    /// repeated byte compresses a thousand times and is harmless.
    var ratioFloor: Int64

    /// No bounds (a folder's files take no more room than they do).
    static let none = InflationBounds(totalBytes: .max, ratio: .max, ratioFloor: .max)
}

/// The running count of one reading of a container against its ``InflationBounds`` (read by the thread
/// reading the entry, one at a time).
final class InflationMeter {
    let bounds: InflationBounds
    let file: String
    /// Uncompressed bytes read out of entries so far.
    private(set) var produced: Int64 = 0
    /// The entry being read: its name, the compressed position it started at, and its bytes so far.
    private var entry = ""
    private var entryStart: Int64 = 0
    private var entryBytes: Int64 = 0

    init(_ bounds: InflationBounds, file: String) {
        self.bounds = bounds
        self.file = file
    }

    /// A new entry begins, `declared` bytes long when the container says, at compressed position
    /// `compressed`; `inflated` is what the container's decompression produced so far (a tarball's
    /// stream, its passed entries included).
    func begin(_ path: String, declared: Int64?, compressed: Int64, inflated: Int64) throws(ImportError) {
        entry = path
        entryStart = compressed
        entryBytes = 0
        if let declared, declared > bounds.totalBytes {
            throw .inflates(
                file: file, entry: path,
                reason: "declares \(ByteSize.text(declared)), more than the "
                    + "\(ByteSize.text(bounds.totalBytes)) a file may inflate to")
        }
        try checkTotal(max(produced, inflated))
    }

    /// `count` more bytes of the entry were read, the container's compressed position being `compressed`.
    func read(_ count: Int, compressed: Int64) throws(ImportError) {
        produced += Int64(count)
        entryBytes += Int64(count)
        try checkTotal(produced)
        let packed = max(compressed - entryStart, 1)
        if entryBytes > bounds.ratioFloor, entryBytes / packed > bounds.ratio {
            throw .inflates(
                file: file, entry: entry,
                reason: "inflates \(ByteSize.text(packed)) to more than "
                    + "\(ByteSize.text(entryBytes)) (over \(bounds.ratio) times)")
        }
    }

    private func checkTotal(_ inflated: Int64) throws(ImportError) {
        guard inflated > bounds.totalBytes else { return }
        throw .inflates(
            file: file, entry: entry,
            reason: "inflates the file past the \(ByteSize.text(bounds.totalBytes)) "
                + "all its entries may take")
    }
}
