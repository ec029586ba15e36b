import CLazyCurl
import Models

/// libcurl, which the transport drives, is opened by the first request (CLazyCurl). A command that wants
/// to report a missing one, rather than end with exit status 72 at its first request, asks here first.
public enum HTTPLibrary {
    /// What to tell the user when libcurl cannot be loaded ("needs libcurl.so.4, which cannot be loaded
    /// (…); install libcurl4 …"); nil when it can.
    public static func missing() -> String? { SystemLibrary.missing(icebox_curl_require) }
}
