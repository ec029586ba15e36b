import CLazyCurl
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request on a libcurl easy handle, run on a thread of its own (``EasyHandles``): it sets the
/// handle's options, performs the request, follows the redirects its ``TransferControl`` accepts, and
/// hands the status line, headers and each piece of the body to that control as libcurl reads them.
///
/// Why libcurl's easy interface and not URLSession (which drives the same libcurl through its multi
/// interface): FoundationNetworking re-arms a dispatch source on the socket for every read, and each
/// re-arm wakes libdispatch's manager thread. On a sync of the realistic corpus that was a quarter of
/// Icebox's CPU (perf: `_dispatch_mgr_queue_push` → `write`, `epoll_wait`, `finish_task_switch`),
/// spent on threads passing a socket between them. Here one thread reads its socket as it comes.
///
/// Only ``halt()`` is called from other threads; everything else runs on the transfer's thread.
final class EasyExchange: @unchecked Sendable {
    /// The request as the transport sends it: its session's headers merged in (the request's win).
    struct Request: Sendable {
        var url: URL
        var method: String
        var headers: [(name: String, value: String)]
        var body: Data?
    }

    private let control: any TransferControl
    private var request: Request
    private let limits: RequestLimits
    /// Checks each socket before it connects; nil: any address.
    private let gate: SocketGate?
    /// Why a connection was refused on its socket, the error the transfer ends with when no other
    /// address of the host could be reached.
    private var connectRefusal: AddressPolicy.Refusal?
    /// The answer's head could not be read (no status line, or not HTTP's).
    private var malformedHead = false
    /// Bytes of a followed redirect's body dropped so far; past ``redirectBodyBound`` the hop ends.
    private var redirectBodyBytes = 0
    /// How much of a redirect's body is read (and dropped) before the redirect is followed anyway.
    static let redirectBodyBound = 64 << 10
    private let haltLock = NSLock()
    private var isHalted = false
    /// The status line and header fields of the answer being read.
    private var statusLine = ""
    private var fields: [(name: String, value: String)] = []
    /// The redirect being followed: its answer's body is dropped, then its target requested.
    private var redirect: (target: URL, status: Int)?
    /// The handle the exchange runs on, while it runs.
    private var handle: UnsafeMutableRawPointer?
    /// libcurl's own words for a failure (CURLOPT_ERRORBUFFER, CURL_ERROR_SIZE bytes).
    private let errorText = UnsafeMutablePointer<CChar>.allocate(capacity: 256)

    init(control: any TransferControl, request: Request, limits: RequestLimits, gate: SocketGate?) {
        self.control = control
        self.request = request
        self.limits = limits
        self.gate = gate
        errorText.initialize(repeating: 0, count: 256)
    }

    deinit { errorText.deallocate() }

    /// Stops the transfer at libcurl's next progress call (a deadline, a cancellation).
    func halt() { haltLock.withLock { isHalted = true } }

    var halted: Bool { haltLock.withLock { isHalted } }

    /// Ends the transfer without a request (no handle could be made).
    func fail(_ error: URLError) { control.finish(error) }

    /// Performs the request on `handle` until its answer (or the last redirect's) is read, then tells the
    /// control how it ended. Blocks the calling thread.
    func perform(on handle: UnsafeMutableRawPointer) {
        while !halted {
            let code = performOnce(on: handle)
            let writeError: Int32 = 23
            let couldNotConnect: Int32 = 7
            let bodyCut = code == writeError && redirectBodyBytes > Self.redirectBodyBound
            if code == 0 || bodyCut, let redirect {
                self.redirect = nil
                request = request.redirected(to: redirect.target, status: redirect.status)
                continue
            }
            if code == 0 {
                control.finish(nil)
            } else if code == couldNotConnect, let connectRefusal {
                control.finish(connectRefusal)
            } else if malformedHead {
                control.finish(URLError(.badServerResponse))
            } else {
                control.finish(Self.failure(code, detail: String(cString: errorText)))
            }
            return
        }
        control.finish(URLError(.cancelled))
    }

    private func performOnce(on handle: UnsafeMutableRawPointer) -> Int32 {
        icebox_curl_easy_clear(handle)
        self.handle = handle
        defer { self.handle = nil }
        statusLine = ""
        fields = []
        errorText[0] = 0
        connectRefusal = nil
        malformedHead = false
        redirectBodyBytes = 0
        let context = Unmanaged.passUnretained(self).toOpaque()
        var headerList: UnsafeMutableRawPointer?
        // A line break in a header would start another header on the wire: such a header is not sent.
        for (name, value) in request.headers where !"\(name)\(value)".contains(where: \.isNewline) {
            headerList = icebox_curl_list_append(headerList, "\(name): \(value)")
        }
        // No `Expect: 100-continue` wait before a body.
        headerList = icebox_curl_list_append(headerList, "Expect:")
        defer { icebox_curl_list_free(headerList) }
        var set = EasyOptions(handle: handle)
        set.text(CurlOption.url, request.url.absoluteString)
        set.protocols()
        set.number(CurlOption.noSignal, 1)
        set.number(CurlOption.suppressConnectHeaders, 1)
        set.pointer(CurlOption.httpHeader, headerList)
        set.pointer(CurlOption.errorBuffer, errorText)
        set.method(request.method, body: request.body)
        // Idle: no byte for `idleTimeout` (libcurl counts in whole seconds); the deadline is the
        // transport's own timer, libcurl's a second later only in case that timer cannot run.
        set.number(CurlOption.connectTimeoutMilliseconds, max(1, Int(limits.idleTimeout * 1000)))
        set.number(CurlOption.lowSpeedLimit, 1)
        set.number(CurlOption.lowSpeedTime, max(1, Int(limits.idleTimeout.rounded(.up))))
        set.number(CurlOption.timeoutMilliseconds, max(1, Int(limits.deadline * 1000) + 1000))
        set.pointer(CurlOption.headerData, context)
        set.pointer(CurlOption.writeData, context)
        set.pointer(CurlOption.progressData, context)
        icebox_curl_set_data_function(handle, CurlOption.headerFunction) { bytes, size, count, context in
            let exchange = Unmanaged<EasyExchange>.fromOpaque(context!).takeUnretainedValue()
            let length = size * count
            return exchange.header(UnsafeRawBufferPointer(start: bytes, count: length)) ? length : 0
        }
        icebox_curl_set_data_function(handle, CurlOption.writeFunction) { bytes, size, count, context in
            let exchange = Unmanaged<EasyExchange>.fromOpaque(context!).takeUnretainedValue()
            let length = size * count
            return exchange.body(UnsafeRawBufferPointer(start: bytes, count: length)) ? length : 0
        }
        icebox_curl_set_progress_function(handle, CurlOption.progressFunction) { context, _, _, _, _ in
            Unmanaged<EasyExchange>.fromOpaque(context!).takeUnretainedValue().halted ? 1 : 0
        }
        set.number(CurlOption.noProgress, 0)
        if gate != nil {
            set.pointer(CurlOption.openSocketData, context)
            icebox_curl_set_socket_function(handle, CurlOption.openSocketFunction) { context, _, address in
                Unmanaged<EasyExchange>.fromOpaque(context!).takeUnretainedValue().openSocket(address!)
            }
        }
        let code = set.failure ?? icebox_curl_easy_perform(handle)
        // The buffer is this exchange's: an idle handle keeps no pointer to it.
        set.pointer(CurlOption.errorBuffer, nil as UnsafeMutableRawPointer?)
        return code
    }

    /// A socket for `address`, or -1 when the address policy refuses it: the address checked is the one
    /// the connection goes to, whatever the name resolved to before.
    private func openSocket(_ address: UnsafeMutablePointer<icebox_curl_address>) -> Int32 {
        let socketAddress = UnsafeMutableRawPointer(address).advanced(by: MemoryLayout<icebox_curl_address>.size)
            .assumingMemoryBound(to: sockaddr.self)
        if let refusal = gate?.refusal(connectingTo: socketAddress, for: request.url) {
            connectRefusal = refusal
            return -1
        }
        return socket(address.pointee.family, address.pointee.socket_type, address.pointee.protocol)
    }

    /// One line of the answer's head, its line end included; false stops the transfer.
    private func header(_ line: UnsafeRawBufferPointer) -> Bool {
        var end = line.count
        while end > 0, line[end - 1] == UInt8(ascii: "\n") || line[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let text = String(decoding: line[..<end], as: UTF8.self)
        if text.hasPrefix("HTTP/") {
            statusLine = text
            fields = []
            return true
        }
        if !text.isEmpty {
            if let first = text.first, first == " " || first == "\t", !fields.isEmpty {
                fields[fields.count - 1].value += " " + text.trimmingCharacters(in: .whitespaces)
            } else if let field = HTTPHeadLine.field(text) {
                fields.append(field)
            }
            return true
        }
        return headEnded()
    }

    /// The blank line after the head: an interim answer is skipped, a redirect offered, an answer given.
    private func headEnded() -> Bool {
        guard let (version, status) = HTTPHeadLine.status(statusLine) else {
            malformedHead = true
            return false
        }
        if (100..<200).contains(status) { return true }
        guard
            let response = HTTPURLResponse(
                url: request.url, statusCode: status, httpVersion: version, headerFields: combinedFields())
        else {
            malformedHead = true
            return false
        }
        if [301, 302, 303, 307, 308].contains(status),
            let location = response.value(forHTTPHeaderField: "Location"),
            let target = URL(string: location, relativeTo: request.url)?.absoluteURL,
            control.follow(target)
        {
            redirect = (target, status)
            return true
        }
        return control.accept(response, from: connectedAddress())
    }

    /// The address the handle's connection goes to (CURLINFO_PRIMARY_IP).
    private func connectedAddress() -> String? {
        guard let handle else { return nil }
        var text = [CChar](repeating: 0, count: 64)
        guard icebox_curl_connected_address(handle, &text, text.count) == 1 else { return nil }
        return String(cString: text)
    }

    /// The header fields by name, a repeated one's values joined with ", " (as URLSession gives them).
    private func combinedFields() -> [String: String] {
        var combined: [String: String] = [:]
        var names: [String: String] = [:]
        for (name, value) in fields {
            let key = names[name.lowercased(), default: name]
            names[name.lowercased()] = key
            combined[key] = combined[key].map { "\($0), \(value)" } ?? value
        }
        return combined
    }

    /// A piece of the body; false stops the transfer. A followed redirect's body is dropped.
    private func body(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if redirect != nil {
            redirectBodyBytes += bytes.count
            return redirectBodyBytes <= Self.redirectBodyBound
        }
        return control.append(Data(bytes))
    }

    /// libcurl's result as the URLError URLSession would have given (its text libcurl's own).
    static func failure(_ code: Int32, detail: String) -> URLError {
        let kind: URLError.Code =
            switch code {
            case 1: .unsupportedURL
            case 3: .badURL
            case 8: .badServerResponse
            case 5, 6: .cannotFindHost
            case 7: .cannotConnectToHost
            case 28: .timedOut
            case 42: .cancelled
            case 47: .httpTooManyRedirects
            case 18, 52, 55, 56: .networkConnectionLost
            case 60: .serverCertificateUntrusted
            case 35, 53, 54, 58, 59, 64, 66, 77, 80, 82, 83, 90, 91: .secureConnectionFailed
            default: .unknown
            }
        let words = detail.isEmpty ? String(cString: icebox_curl_error_text(code)) : detail
        return URLError(kind, userInfo: [NSLocalizedDescriptionKey: words])
    }
}

extension EasyExchange.Request {
    /// The request to a redirect's target: a 303 (or a 301/302 after a POST) becomes a GET without a
    /// body or its headers, as browsers and libcurl do (a HEAD stays one); credentials go only to the
    /// origin they were set for.
    func redirected(to target: URL, status: Int) -> Self {
        var next = self
        next.url = target
        if method != "HEAD", status == 303 || (method == "POST" && (status == 301 || status == 302)) {
            next.method = "GET"
            next.body = nil
            next.headers.removeAll { ["content-type", "content-length"].contains($0.name.lowercased()) }
        }
        if RedirectPolicy.Origin(target) != RedirectPolicy.Origin(url) {
            next.headers.removeAll { ["authorization", "cookie"].contains($0.name.lowercased()) }
        }
        return next
    }
}
