/// Entry names inside an export, judged before anything is read from them.
enum EntryPath {
    /// The name made relative and plain (`./a/b` → `a/b`), or `nil` when it would leave the folder it
    /// is in: an absolute path, a `..` component, a backslash (a Windows separator some tools write), a
    /// NUL or another control character.
    static func normalized(_ name: String) -> String? {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.contains("\\"),
            !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else { return nil }
        var parts: [Substring] = []
        for part in name.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { return nil }
            parts.append(part)
        }
        if let first = parts.first, first.count == 2, first.last == ":" { return nil }  // C:/…
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }
}
