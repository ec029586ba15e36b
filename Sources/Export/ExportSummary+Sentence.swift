import Foundation

extension ExportSummary {
    /// What was written, in one sentence for the user: `Exported 3 statuses and 1 media file to
    /// out.tar.gz (thread-1234/, tar.gz)`, with gone statuses and missing media when there are any.
    public var sentence: String {
        var line =
            "Exported \(statuses) status\(statuses == 1 ? "" : "es") and \(mediaFiles) media "
            + "file\(mediaFiles == 1 ? "" : "s") to \(path) (\(folder)/, \(format.rawValue))"
        if gone > 0 { line += "; \(gone) marked gone" }
        if mediaMissing > 0 { line += "; \(mediaMissing) media files missing from the media archive" }
        if leftOut > 0 { line += "; \(leftOut) non-public post\(leftOut == 1 ? "" : "s") left out" }
        return line
    }

    /// A warning when the export holds posts not meant for everyone (`nil` when it holds none): what
    /// `icebox export` prints on stderr before sharing goes wrong.
    public var privacyWarning: String? {
        var parts: [String] = []
        if direct > 0 { parts.append("\(direct) direct message\(direct == 1 ? "" : "s")") }
        if followersOnly > 0 { parts.append("\(followersOnly) followers-only post\(followersOnly == 1 ? "" : "s")") }
        guard !parts.isEmpty else { return nil }
        return "warning: this export contains \(parts.joined(separator: " and ")); each is marked, "
            + "but think before sharing it (--public-only leaves them out)"
    }
}
