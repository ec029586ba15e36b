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
        guard let size = try? Self.parse(argument) else { return nil }
        self = size
    }

    /// Reads a size, or says what is wrong with it: every size option takes it as its `transform`, so that
    /// `--warc-max-size 10` is told a unit is needed, not only that the value is invalid.
    static func parse(_ argument: String) throws -> SizeArgument {
        let trimmed = argument.trimmingCharacters(in: .whitespaces)
        if let last = trimmed.last, last.isNumber || last == "." {
            throw ValidationError(
                "a size needs its unit: \(trimmed)M for MiB, \(trimmed)K for KiB, \(trimmed)B for bytes")
        }
        guard let bytes = MediaOptions.parseSize(trimmed) else {
            throw ValidationError("not a size: give a number and a unit, e.g. 500K, 100M, 2G or 4096B")
        }
        return SizeArgument(bytes: bytes, description: trimmed)
    }

    static var defaultCompletionKind: CompletionKind { .default }
}
