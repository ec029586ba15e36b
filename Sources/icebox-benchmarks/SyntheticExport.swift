import CArchive
import Foundation

/// A generated Mastodon account export (a ZIP shaped as Mastodon writes it): `statuses` posts with
/// varied text, hashtags, content warnings and languages; one post in `mediaEvery` with an attachment,
/// the media files sharing `mediaBytes` between them (distinct bytes each, so each is stored once).
struct SyntheticExport {
    var statuses: Int
    var mediaBytes: Int64
    var mediaEvery = 20

    static let host = "bench.example"
    static let actor = "https://bench.example/users/alice"
    private static let words = [
        "archive", "fediverse", "swift", "tea", "rain", "garden", "river", "lantern", "orbit",
        "harbor", "pixel", "meadow", "winter", "copper", "signal", "quiet", "thunder", "paper",
    ]

    /// Writes the ZIP to `file`; returns its size.
    func write(to file: URL, scratch: URL) throws -> Int64 {
        let mediaCount = max(1, statuses / mediaEvery)
        let perFile = max(64, mediaBytes / Int64(mediaCount) / 8 * 8)
        let outbox = scratch.appending(path: "outbox.json")
        try writeOutbox(to: outbox, mediaCount: mediaCount)
        guard let archive = archive_write_new() else { throw Failure("libarchive") }
        defer { archive_write_free(archive) }
        guard archive_write_set_format_zip(archive) == ARCHIVE_OK,
            archive_write_set_options(archive, "zip:compression=store") == ARCHIVE_OK,
            archive_write_open_filename(archive, file.path) == ARCHIVE_OK
        else { throw Failure("cannot open \(file.path)") }
        var generator = Bytes(seed: 0x1CEB0C)
        for index in 0..<mediaCount {
            try Self.entry(archive, Self.mediaPath(index), size: perFile) { buffer in
                generator.fill(buffer, header: index)
            }
        }
        let outboxSize = (try FileManager.default.attributesOfItem(atPath: outbox.path)[.size] as? Int64) ?? 0
        let handle = try FileHandle(forReadingFrom: outbox)
        defer { try? handle.close() }
        try Self.entry(archive, "outbox.json", size: outboxSize) { buffer in
            let chunk = (try? handle.read(upToCount: buffer.count)) ?? nil
            chunk?.copyBytes(to: buffer)
            return chunk?.count ?? 0
        }
        let actor =
            #"{"id":"\#(Self.actor)","type":"Person","preferredUsername":"alice","name":"Alice","followers":"\#(Self.actor)/followers","url":"https://bench.example/@alice"}"#
        let likes =
            #"{"id":"likes.json","type":"OrderedCollection","orderedItems":["https://other.example/statuses/1"]}"#
        for (name, text) in [
            ("likes.json", likes), ("bookmarks.json", likes.replacingOccurrences(of: "likes", with: "bookmarks")),
            ("actor.json", actor),
        ] {
            var data = Data(text.utf8)
            try Self.entry(archive, name, size: Int64(data.count)) { buffer in
                let count = min(buffer.count, data.count)
                data.prefix(count).copyBytes(to: buffer)
                data.removeFirst(count)
                return count
            }
        }
        guard archive_write_close(archive) == ARCHIVE_OK else { throw Failure("closing \(file.path)") }
        return (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int64) ?? 0
    }

    static func mediaPath(_ index: Int) -> String {
        "media_attachments/files/\(String(format: "%03d/%03d", index / 1000, index % 1000))/original/\(index).png"
    }

    /// outbox.json, written one activity at a time.
    private func writeOutbox(to file: URL, mediaCount: Int) throws {
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw Failure("cannot create \(file.path)")
        }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        let dates = ISO8601DateFormatter()
        var pending = Data(
            #"{"id":"outbox.json","type":"OrderedCollection","totalItems":\#(statuses),"orderedItems":["#.utf8)
        for index in 0..<statuses {
            let uri = "\(Self.actor)/statuses/\(110_000_000_000_000_000 + index)"
            let words = (0..<12).map { Self.words[(index &* 7 &+ $0 &* 13) % Self.words.count] }.joined(separator: " ")
            let tag = Self.words[index % Self.words.count]
            let hashTag = "#" + tag
            let date = Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 37)
            var object =
                #"{"id":"\#(uri)","type":"Note","published":"\#(dates.string(from: date))","#
                + #""to":["https://www.w3.org/ns/activitystreams#Public"],"cc":["\#(Self.actor)/followers"],"#
                + #""summary":\#(index % 15 == 0 ? "\"cw \(index)\"" : "null"),"content":"<p>\#(words) post \#(index) #\#(tag)</p>","#
                + #""contentMap":{"\#(["en", "de", "ja"][index % 3])":"<p>\#(words)</p>"},"#
                + #""tag":[{"type":"Hashtag","name":"\#(hashTag)","href":"https://bench.example/tags/\#(tag)"}],"attachment":["#
            if index % mediaEvery == 0, index / mediaEvery < mediaCount {
                object +=
                    #"{"type":"Document","mediaType":"image/png","url":"\#(Self.mediaPath(index / mediaEvery))","name":"picture \#(index)"}"#
            }
            object += "]}"
            pending.append(
                contentsOf: Array(
                    ((index == 0 ? "" : ",")
                        + #"{"id":"\#(uri)/activity","type":"Create","actor":"\#(Self.actor)","object":"# + object + "}")
                        .utf8))
            if pending.count > 1 << 20 {
                try handle.write(contentsOf: pending)
                pending.removeAll(keepingCapacity: true)
            }
        }
        pending.append(contentsOf: Array("]}".utf8))
        try handle.write(contentsOf: pending)
    }

    private static func entry(
        _ archive: OpaquePointer, _ name: String, size: Int64,
        _ fill: (UnsafeMutableRawBufferPointer) -> Int
    ) throws {
        guard let entry = archive_entry_new() else { throw Failure("archive_entry_new") }
        defer { archive_entry_free(entry) }
        archive_entry_set_pathname(entry, name)
        archive_entry_set_filetype(entry, 0o100000)
        archive_entry_set_perm(entry, 0o644)
        archive_entry_set_size(entry, size)
        guard archive_write_header(archive, entry) == ARCHIVE_OK else { throw Failure("header \(name)") }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        var left = size
        while left > 0 {
            let count = fill(UnsafeMutableRawBufferPointer(rebasing: buffer[0..<Int(min(left, Int64(buffer.count)))]))
            guard count > 0 else { throw Failure("\(name) ended early") }
            guard archive_write_data(archive, buffer.baseAddress, count) == count else { throw Failure("data \(name)") }
            left -= Int64(count)
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Cheap distinct bytes (xorshift), each file opening with a PNG signature and its number.
    struct Bytes {
        var state: UInt64
        private var lastHeader = -1
        init(seed: UInt64) { state = seed }

        mutating func fill(_ buffer: UnsafeMutableRawBufferPointer, header index: Int) -> Int {
            let words = buffer.count / 8
            let typed = buffer.bindMemory(to: UInt64.self)
            for i in 0..<words {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                typed[i] = state
            }
            if lastHeader != index {
                lastHeader = index
                let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
                for (offset, byte) in signature.enumerated() where offset < buffer.count { buffer[offset] = byte }
            }
            return words * 8
        }
    }
}
