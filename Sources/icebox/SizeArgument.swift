import ArgumentParser
import MediaArchive

/// A size typed on the command line, with its unit: `500K`, `100M`, `2G`, `1T` (powers of 1024), or
/// `4096B` for bytes. Every size option reads through it (`sync`/`media fetch` and `import` once took
/// `100M` and a bare number of MiB respectively); a bare number is refused, since an older Icebox read
/// it as bytes in one command and as MiB in another.
struct SizeArgument: ExpressibleByArgument, Sendable, Hashable, CustomStringConvertible {
    /// The size in bytes.
    var bytes: Int64
    /// As typed.
    var description: String

    init(bytes: Int64, description: String) {
        self.bytes = bytes
        self.description = description
    }

    init?(argument: String) {
        let trimmed = argument.trimmingCharacters(in: .whitespaces)
        guard let last = trimmed.uppercased().last, !last.isNumber, last != ".",
            let bytes = MediaOptions.parseSize(trimmed)
        else { return nil }
        self.init(bytes: bytes, description: trimmed)
    }

    static var defaultCompletionKind: CompletionKind { .default }
}
