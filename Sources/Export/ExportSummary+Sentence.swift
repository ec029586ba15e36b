import Foundation

extension ExportSummary {
    /// What was written, in one sentence for the user: `Exported 3 statuses and 1 media file to
    /// out.tar.gz (thread-1234/, tar.gz)`, with gone statuses and missing media when there are any.
    public var sentence: String {
        var line = "Exported \(statuses) status\(statuses == 1 ? "" : "es") and \(mediaFiles) media "
            + "file\(mediaFiles == 1 ? "" : "s") to \(path) (\(folder)/, \(format.rawValue))"
        if gone > 0 { line += "; \(gone) marked gone" }
        if mediaMissing > 0 { line += "; \(mediaMissing) media files missing from the media archive" }
        return line
    }
}
