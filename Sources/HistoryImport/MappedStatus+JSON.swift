import Foundation

extension MappedStatus {
    /// The status's JSON, byte for byte what `JSONEncoder` writes with `.sortedKeys` and
    /// `.withoutEscapingSlashes` (the import's hot path: several times faster). `account` is the
    /// account's JSON, the same for every status of an export, written once.
    func json(account: [UInt8]) -> Data {
        var out = JSONBytes()
        out.reserve(1024 + account.count)
        out.raw("{\"account\":")
        out.bytes.append(contentsOf: account)
        out.member("content", content)
        out.member("created_at", createdAt)
        if let editedAt { out.member("edited_at", editedAt) }
        out.objects("emojis", emojis, first: "shortcode") { out, emoji in
            out.string(emoji.shortcode)
            out.member("static_url", emoji.staticURL)
            out.member("url", emoji.url)
            out.raw(",\"visible_in_picker\":\(emoji.visibleInPicker)")
        }
        out.raw(",\"favourites_count\":\(favouritesCount)")
        out.member("id", id)
        if let inReplyToID { out.member("in_reply_to_id", inReplyToID) }
        if let language { out.member("language", language) }
        out.raw(",\"media_attachments\":[")
        for (index, media) in mediaAttachments.enumerated() {
            out.raw(index == 0 ? "{" : ",{")
            var first = true
            func key(_ name: String) {
                out.raw(first ? "\"\(name)\":" : ",\"\(name)\":")
                first = false
            }
            if let blurhash = media.blurhash {
                key("blurhash")
                out.string(blurhash)
            }
            if let description = media.description {
                key("description")
                out.string(description)
            }
            key("id")
            out.string(media.id)
            if let meta = media.meta {
                key("meta")
                out.raw("{\"original\":{\"height\":\(meta.original.height),\"width\":\(meta.original.width)}}")
            }
            key("type")
            out.string(media.type)
            if let url = media.url {
                key("url")
                out.string(url)
            }
            out.raw("}")
        }
        out.raw("]")
        out.objects("mentions", mentions, first: "acct") { out, mention in
            out.string(mention.acct)
            out.member("id", mention.id)
            out.member("url", mention.url)
            out.member("username", mention.username)
        }
        if let poll { poll.write(to: &out) }
        out.raw(",\"reblogs_count\":\(reblogsCount),\"replies_count\":\(repliesCount),\"sensitive\":\(sensitive)")
        out.member("spoiler_text", spoilerText)
        out.objects("tags", tags, first: "name") { out, tag in
            out.string(tag.name)
            out.member("url", tag.url)
        }
        out.member("uri", uri)
        out.member("url", url)
        out.member("visibility", visibility)
        out.raw("}")
        return Data(out.bytes)
    }
}

extension MappedStatus.Poll {
    fileprivate func write(to out: inout JSONBytes) {
        // `emojis` is always empty: the export has none for polls.
        out.raw(",\"poll\":{\"emojis\":[],\"expired\":\(expired)")
        if let expiresAt { out.member("expires_at", expiresAt) }
        out.member("id", id)
        out.raw(",\"multiple\":\(multiple)")
        out.objects("options", options, first: "title") { out, option in
            out.string(option.title)
            out.raw(",\"votes_count\":\(option.votesCount)")
        }
        if let votersCount { out.raw(",\"voters_count\":\(votersCount)") }
        out.raw(",\"votes_count\":\(votesCount)}")
    }
}

/// JSON written straight into bytes, strings escaped as `JSONEncoder` escapes them (slashes left as
/// they are).
struct JSONBytes {
    var bytes: [UInt8] = []

    mutating func reserve(_ count: Int) { bytes.reserveCapacity(count) }

    /// Text that is already JSON.
    mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// `,"name":"value"`.
    mutating func member(_ name: String, _ value: String) {
        bytes.append(UInt8(ascii: ","))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: name.utf8)
        bytes.append(contentsOf: "\":".utf8)
        string(value)
    }

    /// `,"name":[` and an object per item, separated by commas: each opened with its first member's
    /// name, `"first":`, and finished by `write` (the first value, then the other members).
    mutating func objects<Item>(
        _ name: String, _ items: [Item], first: String, _ write: (inout JSONBytes, Item) -> Void
    ) {
        raw(",\"\(name)\":[")
        for (index, item) in items.enumerated() {
            raw(index == 0 ? "{\"\(first)\":" : ",{\"\(first)\":")
            write(&self, item)
            raw("}")
        }
        raw("]")
    }

    /// A string value, quoted and escaped.
    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = value
        text.withUTF8 { utf8 in
            var start = 0
            for (index, byte) in utf8.enumerated()
            where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                start = index + 1
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
                case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
                case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
                case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
                case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
                case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
                case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: #"\u00"#.utf8)
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 0x0F)])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
