import CLazyCurl

/// libcurl, which URLSession drives, is opened by the first request (CLazyCurl). A command that wants
/// to report a missing one, rather than end with exit status 72 at its first request, asks here first.
public enum HTTPLibrary {
    /// Why libcurl cannot be loaded, naming it and its package; nil when it can.
    public static func unavailable() -> String? {
        var reason = [CChar](repeating: 0, count: 512)
        guard icebox_curl_load(&reason, reason.count) == 0 else { return nil }
        let why = reason.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return "libcurl.so.4 cannot be loaded (\(why)); install libcurl4 (apt-get install libcurl4 on Debian and Ubuntu)"
    }
}
