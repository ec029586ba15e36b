import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// URL session configurations that leave no files behind.
///
/// On Linux, Foundation creates `$XDG_CACHE_HOME/org.swift.foundation.URLCache/<binary>` each time an
/// `.ephemeral` configuration is made (its memory-only cache still makes the folder), and
/// `$XDG_DATA_HOME/<binary's folder>` for the shared cookie storage. Icebox keeps nothing outside its
/// archive folder, so the first configuration is made with both variables pointing where no folder
/// can be created, and every session after that uses a copy of it, with no cache and no cookies.
public enum EphemeralSessions {
    /// A fresh copy of the configuration: no URL cache, no cookie storage, no files.
    public static func configuration() -> URLSessionConfiguration {
        let copy = (base.copy() as? URLSessionConfiguration) ?? base
        copy.urlCache = nil
        copy.httpCookieStorage = nil
        copy.httpShouldSetCookies = false
        copy.requestCachePolicy = .reloadIgnoringLocalCacheData
        return copy
    }

    /// Made once, then only copied, never changed.
    private static let base: URLSessionConfiguration = {
        let names = ["XDG_CACHE_HOME", "XDG_DATA_HOME"]
        let saved = names.map { name in getenv(name).map { String(cString: $0) } }
        // Under /dev/null nothing can be created, so Foundation gives up on its folders quietly.
        for name in names { setenv(name, "/dev/null/icebox", 1) }
        let configuration = URLSessionConfiguration.ephemeral
        for (name, value) in zip(names, saved) {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
        return configuration
    }()
}
