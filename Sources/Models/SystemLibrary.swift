/// A system library opened on first use (the C targets CLazyCurl, CArchive and CLibEdit): whether a
/// command can have it, asked before the command starts its work.
public enum SystemLibrary {
    /// What to tell the user when the library cannot be loaded ("needs libX.so.N, which cannot be loaded
    /// (…); install …", to follow "this command" or "icebox"), or nil when it is there. `require` is the
    /// library's C function (`icebox_archive_require` and the like).
    public static func missing(_ require: (UnsafeMutablePointer<CChar>?, Int) -> Int32) -> String? {
        var message = [CChar](repeating: 0, count: 768)
        guard require(&message, message.count) == 0 else { return nil }
        return message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
