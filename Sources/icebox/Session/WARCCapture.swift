import Foundation
import Transport
import WARC

/// `sync --warc` and `watch --warc`: every exchange of the run's bounded transfers written as a
/// `request` and a `response` record (docs/warc.md), into files rotated at a size. The Authorization
/// header is replaced by ``WARCCapture/authorizationMarker``, and the token withheld wherever else a
/// server echoes it (``CapturedSecrets``), before anything is written.
final class WARCCapture: ExchangeObserver, @unchecked Sendable {
    /// What a request record carries instead of the token.
    static let authorizationMarker = "Bearer \(CapturedSecrets.marker)"

    private let writer: WARCWriter
    private let secrets = CapturedSecrets()
    private let lock = NSLock()
    /// Addresses looked up per host, for an exchange that got no answer (an answer says where it came from).
    private var addresses: [String: String] = [:]
    /// The first failure to write; the run reports it at its end.
    private(set) var failure: WARCWriteError?

    /// Starts the first file in `folder` (made if need be; leftovers of a killed run removed).
    init(folder: URL, maxFileBytes: Int, command: [String], servers: [String]) throws(WARCWriteError) {
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw .unwritable(folder.path, error.localizedDescription)
        }
        WARCWriter.removeLeftovers(in: folder)
        let started = Date()
        let stamp = WARCRecord.warcDate(started).filter(\.isNumber).prefix(14)
        let process = ProcessInfo.processInfo.processIdentifier
        let info = Self.info(command: command, servers: servers)
        writer = try WARCWriter(
            directory: folder, maxFileBytes: maxFileBytes,
            naming: { "icebox-\(stamp)-\(process)-\(String(format: "%05ld", $0)).warc.gz" },
            info: { name in
                WARCRecord.make(
                    .warcinfo, contentType: "application/warc-fields", block: WARCRecord.warcFields(info),
                    extra: [WARCRecord.Field("WARC-Filename", name)])
            })
    }

    func exchanged(_ captured: CapturedExchange) {
        let exchange = secrets.withheld(captured)
        // The response came from the address the connection went to; the request record is under the URL
        // asked, which a followed redirect may have left for another host.
        let answered = exchange.responseURL ?? exchange.url
        let responseAddress = exchange.responseAddress ?? address(of: answered.host ?? "")
        let requestAddress =
            answered.host == exchange.url.host ? responseAddress : address(of: exchange.url.host ?? "")
        var records: [WARCRecord] = []
        var responseID: String?
        if let status = exchange.status {
            let http = HTTPMessage.deliveredResponse(
                status: status, headers: exchange.responseHeaders, body: exchange.body)
            var extra = Self.addressField(responseAddress)
            if let truncated = exchange.truncated { extra.append(WARCRecord.Field("WARC-Truncated", truncated)) }
            let response = WARCRecord.make(
                .response, targetURI: (exchange.responseURL ?? exchange.url).absoluteString, date: exchange.started,
                contentType: "application/http; msgtype=response", block: http.block, payloadOffset: http.head.count,
                extra: extra)
            responseID = response.recordID
            records.append(response)
        }
        let request = Self.requestMessage(exchange)
        var extra = Self.addressField(requestAddress)
        if let responseID { extra.append(WARCRecord.Field("WARC-Concurrent-To", responseID)) }
        records.append(
            WARCRecord.make(
                .request, targetURI: exchange.url.absoluteString, date: exchange.started,
                contentType: "application/http; msgtype=request", block: request.block,
                payloadOffset: request.head.count, extra: extra))
        do { try writer.write(records) } catch { lock.withLock { if failure == nil { failure = error } } }
    }

    /// `WARC-IP-Address`, when the address is known.
    private static func addressField(_ address: String?) -> [WARCRecord.Field] {
        address.map { [WARCRecord.Field("WARC-IP-Address", $0)] } ?? []
    }

    /// A stream event as a `resource` record under the stream's URL: the event in the stream's own
    /// form (`event:` and `data:` lines, `text/event-stream`), so that it reads back as it came. Not a
    /// `response`: the stream's one HTTP answer stays open for hours and holds many events; not a
    /// `conversion`: nothing is converted (docs/warc.md).
    func streamed(_ streamed: StreamedEvent) {
        let event = secrets.withheld(streamed)
        var text = "event: \(event.name)\n"
        for line in event.data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
        text += "\n"
        let record = WARCRecord.make(
            .resource, targetURI: event.url.absoluteString, date: event.received,
            contentType: "text/event-stream", block: Data(text.utf8))
        do { try writer.write([record]) } catch { lock.withLock { if failure == nil { failure = error } } }
    }

    /// Completes the last file; returns every file written.
    @discardableResult
    func finish() throws(WARCWriteError) -> [URL] {
        if let failure = lock.withLock({ failure }) { throw failure }
        return try writer.close()
    }

    /// The request as Icebox made it: the start line, `Host`, the headers it set (the token withheld).
    static func requestMessage(_ exchange: CapturedExchange) -> HTTPMessage {
        let url = exchange.url
        var target = url.path.isEmpty ? "/" : url.path
        if let query = url.query { target += "?" + query }
        var headers = [WARCRecord.Field("Host", url.port.map { "\(url.host ?? ""):\($0)" } ?? (url.host ?? ""))]
        for (name, value) in exchange.requestHeaders where name.lowercased() != "host" {
            let kept = name.lowercased() == "authorization" ? authorizationMarker : value
            headers.append(WARCRecord.Field(name, kept))
        }
        let body = exchange.requestBody ?? Data()
        if !body.isEmpty, !headers.contains(where: { $0.name.lowercased() == "content-length" }) {
            headers.append(WARCRecord.Field("Content-Length", String(body.count)))
        }
        return HTTPMessage(startLine: "\(exchange.method) \(target) HTTP/1.1", headers: headers, body: body)
    }

    /// The first address `host` resolves to, looked up once per run.
    private func address(of host: String) -> String? {
        if let known = lock.withLock({ addresses[host] }) { return known.isEmpty ? nil : known }
        let found = (try? AddressPolicy.resolve(host))?.first.map { "\($0)" } ?? ""
        lock.withLock { addresses[host] = found }
        return found.isEmpty ? nil : found
    }

    /// The warcinfo fields: software, the command, the servers, and what differs from the wire.
    static func info(command: [String], servers: [String]) -> [WARCRecord.Field] {
        [
            WARCRecord.Field("software", "Icebox/\(IceboxVersion.string)"),
            WARCRecord.Field("format", "WARC File Format 1.1"),
            WARCRecord.Field("conformsTo", "https://iso.org/standard/68004.html"),
            WARCRecord.Field("command", command.joined(separator: " ")),
            WARCRecord.Field("servers", servers.joined(separator: " ")),
            WARCRecord.Field(
                "authorization",
                "the Authorization header of every request record is replaced by '\(authorizationMarker)'"),
            WARCRecord.Field(
                "http-headers",
                "as the transport delivered them, not the wire's bytes: headers ordered by name, the status line rebuilt "
                    + "(HTTP/1.1, usual reason phrase), the body as handed over; a Transfer-Encoding or Content-Encoding "
                    + "header is kept as X-Archive-Orig-… and a Content-Length for the body is written; request records "
                    + "hold the headers Icebox set (libcurl may add others); WARC-IP-Address is the address the answer came "
                    + "from (the host's first resolved address when none came)"),
        ]
    }
}
