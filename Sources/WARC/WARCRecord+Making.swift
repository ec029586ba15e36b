import Foundation

extension WARCRecord {
    /// A new record with the fields every record carries, in the order warcio writes them:
    /// `WARC-Type`, `WARC-Record-ID` (a fresh `urn:uuid`), `WARC-Date`, the target, `extra`,
    /// `Content-Type`, the digests and `Content-Length`.
    ///
    /// `payloadOffset` is where the payload starts within `block` (after the HTTP header of a request or
    /// response); `WARC-Payload-Digest` is written for every record but warcinfo, and is the block's
    /// digest when there is no HTTP header.
    public static func make(
        _ kind: Kind, targetURI: String? = nil, date: Date = Date(), contentType: String?,
        block: Data, payloadOffset: Int? = nil, extra: [Field] = [], recordID: String = WARCRecord.newRecordID()
    ) -> WARCRecord {
        var fields = [Field("WARC-Type", kind.rawValue), Field("WARC-Record-ID", recordID)]
        fields.append(Field("WARC-Date", warcDate(date)))
        if let targetURI { fields.append(Field("WARC-Target-URI", targetURI)) }
        fields += extra
        if let contentType { fields.append(Field("Content-Type", contentType)) }
        if kind != .warcinfo {
            let payload = block.dropFirst(min(payloadOffset ?? 0, block.count))
            fields.append(Field("WARC-Payload-Digest", WARCDigest.sha1(payload)))
        }
        fields.append(Field("WARC-Block-Digest", WARCDigest.sha1(block)))
        fields.append(Field("Content-Length", String(block.count)))
        return WARCRecord(fields: fields, block: block)
    }

    /// `<urn:uuid:…>`, a new one each call.
    public static func newRecordID() -> String { "<urn:uuid:\(UUID().uuidString.lowercased())>" }

    /// `WARC-Date` as WARC/1.1 allows it: UTC, to the microsecond (`2026-11-26T02:34:13.123456Z`).
    public static func warcDate(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let micros = Int(((date.timeIntervalSince1970 - seconds) * 1_000_000).rounded(.down))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: seconds))
        return String(
            format: "%04ld-%02ld-%02ldT%02ld:%02ld:%02ld.%06ldZ", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1,
            parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, micros)
    }

    /// A block of `application/warc-fields`: `name: value` lines (a line end inside one becomes a space).
    public static func warcFields(_ fields: [Field]) -> Data {
        let oneLine = { (text: String) in
            text.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
        }
        return Data(fields.map { "\(oneLine($0.name)): \(oneLine($0.value))\r\n" }.joined().utf8)
    }

    /// The fields of an `application/warc-fields` block (warcinfo, metadata).
    public static func parseWARCFields(_ block: Data) -> [Field] {
        String(decoding: block, as: UTF8.self).components(separatedBy: "\r\n").compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return Field(
                String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
        }
    }

    /// What is wrong with the record's digests: `nil` when each digest it carries matches (an algorithm
    /// Icebox does not know is not held against it).
    public func digestProblem() -> String? {
        if let block = self["WARC-Block-Digest"], WARCDigest.matches(block, self.block) == false {
            return "its WARC-Block-Digest \(block) does not match its block"
        }
        if let payload = self["WARC-Payload-Digest"], let body = payloadBody,
            WARCDigest.matches(payload, body) == false
        {
            return "its WARC-Payload-Digest \(payload) does not match its payload"
        }
        return nil
    }

    /// The payload: the body of an HTTP request or response block, else the block.
    public var payloadBody: Data? {
        guard let type = self["Content-Type"]?.lowercased(), type.hasPrefix("application/http") else { return block }
        return HTTPMessage(parsing: block)?.body
    }
}
