import ArchiveCore
import Foundation
import Models

/// The ``MirrorExtension`` member spliced onto a rendered status, byte for byte: the archived raw JSON
/// goes in as it was stored, never parsed and written again, so another Icebox keeps the original
/// server's bytes. A boost carries the boosted post's own archived bytes too (the archive may hold a
/// better copy of it than the one inside the boost).
enum APIStatusMirror {
    /// `rendered` (a JSON object) with the member added as its last: the archived bytes of `status` and,
    /// for a boost, of the post it boosts; `nil` when `rendered` is no object.
    /// `media` lists the files the archive keeps for the media URLs of the status and of the post it
    /// boosts, each with the address it is given out at.
    static func spliced(
        _ rendered: Data, status: APIStatusRow, boosted: APIStatusRow?,
        media: [(url: String, sha256: String, address: String)] = []
    ) -> Data? {
        guard rendered.last == UInt8(ascii: "}") else { return nil }
        var data = rendered.dropLast()
        if data.count > 1 { data.append(UInt8(ascii: ",")) }
        data.append(contentsOf: Data("\"\(MirrorExtension.member)\":".utf8))
        data.append(member(status, boosted: boosted, media: media))
        data.append(UInt8(ascii: "}"))
        return Data(data)
    }

    /// `{"raw_server":"…","raw_json":…}`, with `"gone_at":"…"` when the archive holds it as deleted,
    /// `"reblog":{…}` the same for the boosted post, and `"media":[{"url":"…","sha256":"…","address":"…"}]`
    /// when files are kept.
    private static func member(
        _ status: APIStatusRow, boosted: APIStatusRow?, media: [(url: String, sha256: String, address: String)]
    ) -> Data {
        var data = Data("{\"raw_server\":".utf8)
        data.append(string(status.rawServer))
        data.append(contentsOf: Data(",\"raw_json\":".utf8))
        data.append(status.raw)
        if let goneAt = status.goneAt {
            data.append(contentsOf: Data(",\"\(MirrorExtension.goneAt)\":".utf8))
            data.append(string(goneAt))
        }
        if let boosted {
            data.append(contentsOf: Data(",\"reblog\":".utf8))
            data.append(member(boosted, boosted: nil, media: []))
        }
        if !media.isEmpty {
            let files = media.map { ["url": $0.url, "sha256": $0.sha256, "address": $0.address] }
            data.append(contentsOf: Data(",\"\(MirrorExtension.media)\":".utf8))
            data.append(APIJSON.data(files))
        }
        data.append(UInt8(ascii: "}"))
        return data
    }

    /// A status's edit history for another Icebox: each version the archive keeps, byte for byte as its
    /// server sent it (`[]` when it keeps none: the status as its one version is no server's bytes).
    static func history(_ versions: [Data]) -> Data { array(versions) }

    /// A string as a JSON string.
    private static func string(_ text: String) -> Data {
        let array =
            (try? JSONSerialization.data(withJSONObject: [text], options: APIJSON.options)) ?? Data("[\"\"]".utf8)
        return array.dropFirst().dropLast()
    }

    /// Rendered statuses as a JSON array.
    static func array(_ elements: [Data]) -> Data {
        var data = Data("[".utf8)
        for (index, element) in elements.enumerated() {
            if index > 0 { data.append(UInt8(ascii: ",")) }
            data.append(element)
        }
        data.append(UInt8(ascii: "]"))
        return data
    }
}
