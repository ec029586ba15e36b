import ArgumentParser
import Export

/// What an export's file name says of its format, checked against what will be written: a ZIP called
/// `.tar.gz`, or a tar.gz called `.rar`, would be opened with the wrong tool or not at all (issue 42, P1).
enum ExportFileName {
    /// Archive formats Icebox does not write, by the endings people give them.
    static let otherFormats = [
        ".rar", ".7z", ".tar.bz2", ".tbz2", ".tbz", ".tar.xz", ".txz", ".tar.lz", ".tar.lzma", ".bz2", ".xz",
        ".lz4", ".cpio", ".jar",
    ]

    /// Throws when `name` ends in a format other than `format` (nil: the name picks it).
    static func check(_ name: String, writing format: TarballFormat?) throws {
        let lower = name.lowercased()
        if let other = otherFormats.first(where: { lower.hasSuffix($0) }) {
            throw ValidationError(
                "-o \(name): Icebox does not write \(other) files; end the name in .tar.gz, .tar.zst, .tar, .zip "
                    + "or .warc.gz")
        }
        guard let format, let named = TarballFormat(fileName: name), named != format else { return }
        throw ValidationError(
            "-o \(name) names a .\(named.rawValue) file, but --format asks for \(format.rawValue); "
                + "make them agree")
    }

    /// Throws when `name` says a format other than a ZIP, for `export account` (Mastodon's export is one).
    static func checkZIP(_ name: String) throws {
        try check(name, writing: .zip)
        let lower = name.lowercased()
        if lower.hasSuffix(".warc") || lower.hasSuffix(".warc.gz") {
            throw ValidationError("-o \(name): Mastodon's account export is a ZIP; end the name in .zip")
        }
    }
}
