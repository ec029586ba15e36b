import CLazyCurl
import Foundation

/// The libcurl options Icebox sets, by curl.h's numbers (an option's kind plus its index:
/// CURLOPTTYPE_LONG 0, OBJECTPOINT/STRINGPOINT/SLISTPOINT/CBPOINT 10000, FUNCTIONPOINT 20000, OFF_T
/// 30000). CLazyCurl opens libcurl at run time, so curl.h is not needed to build; these numbers are
/// libcurl's ABI and never change.
enum CurlOption {
    static let writeData: Int32 = 10001
    static let url: Int32 = 10002
    static let errorBuffer: Int32 = 10010
    static let writeFunction: Int32 = 20011
    static let lowSpeedLimit: Int32 = 19
    static let lowSpeedTime: Int32 = 20
    static let httpHeader: Int32 = 10023
    static let headerData: Int32 = 10029
    static let customRequest: Int32 = 10036
    static let noProgress: Int32 = 43
    static let noBody: Int32 = 44
    static let post: Int32 = 47
    static let progressData: Int32 = 10057
    static let headerFunction: Int32 = 20079
    static let httpGet: Int32 = 80
    static let noSignal: Int32 = 99
    static let timeoutMilliseconds: Int32 = 155
    static let connectTimeoutMilliseconds: Int32 = 156
    static let openSocketFunction: Int32 = 20163
    static let openSocketData: Int32 = 10164
    static let copyPostFields: Int32 = 10165
    static let progressFunction: Int32 = 20219
    static let postFieldSize: Int32 = 30120
    static let suppressConnectHeaders: Int32 = 265
    static let protocols: Int32 = 10318
    /// The same as a bit mask (CURLPROTO_HTTP 1, CURLPROTO_HTTPS 2), for libcurl before 7.85.
    static let protocolBits: Int32 = 181
}

/// Sets options on one easy handle, keeping the first failure (an option this libcurl does not know).
struct EasyOptions {
    let handle: UnsafeMutableRawPointer
    /// The first option libcurl refused, as a CURLcode.
    private(set) var failure: Int32?

    init(handle: UnsafeMutableRawPointer) { self.handle = handle }

    private mutating func keep(_ code: Int32) { if code != 0, failure == nil { failure = code } }

    mutating func number(_ option: Int32, _ value: Int) { keep(icebox_curl_set_long(handle, option, value)) }

    /// A string option: libcurl copies it.
    mutating func text(_ option: Int32, _ value: String) { keep(icebox_curl_set_pointer(handle, option, value)) }

    mutating func pointer(_ option: Int32, _ value: UnsafeMutableRawPointer?) {
        keep(icebox_curl_set_pointer(handle, option, value))
    }

    mutating func pointer(_ option: Int32, _ value: UnsafeMutablePointer<CChar>) {
        keep(icebox_curl_set_pointer(handle, option, value))
    }

    /// http and https only: libcurl speaks many more protocols, which a server's URL must never reach.
    mutating func protocols() {
        let unknownOption: Int32 = 48
        let code = icebox_curl_set_pointer(handle, CurlOption.protocols, "http,https")
        keep(code == unknownOption ? icebox_curl_set_long(handle, CurlOption.protocolBits, 3) : code)
    }

    /// The method, and the body when there is one (libcurl copies it); a POST always sends one.
    mutating func method(_ method: String, body: Data?) {
        switch (method, body) {
        case ("GET", nil): number(CurlOption.httpGet, 1)
        case ("HEAD", nil): number(CurlOption.noBody, 1)
        case ("POST", _), (_, .some):
            if method == "POST" { number(CurlOption.post, 1) } else { text(CurlOption.customRequest, method) }
            let bytes = body ?? Data()
            keep(icebox_curl_set_offset(handle, CurlOption.postFieldSize, Int64(bytes.count)))
            if bytes.isEmpty {
                text(CurlOption.copyPostFields, "")
            } else {
                keep(
                    bytes.withUnsafeBytes { icebox_curl_set_pointer(handle, CurlOption.copyPostFields, $0.baseAddress) }
                )
            }
        case (_, nil):
            text(CurlOption.customRequest, method)
        }
    }
}
