import ArchiveCore
import Foundation
import Models

extension REPLSession {
    /// `versions`: the earlier versions of the status on screen, newest first, each with its time:
    /// from the edit history its server served, else from the versions the archive saw.
    func versions() async throws -> Reply {
        let number = try currentStatus(for: "versions")
        guard let record = try await archive.exportRecords([number]).first else {
            throw REPLFailure("versions: not archived")
        }
        let decoder = JSONDecoder()
        var versions: [(date: Date, spoiler: String, content: String)]
        if !record.editHistory.isEmpty {
            versions = record.editHistory.dropLast().compactMap { try? decoder.decode(StatusEdit.self, from: $0) }
                .map { ($0.createdAt, $0.spoilerText, $0.content) }
        } else {
            versions = record.earlierVersions.compactMap { try? Status.archived($0, servedBy: record.server).post }
                .map { ($0.editedAt ?? $0.createdAt, $0.spoilerText, $0.content) }
        }
        guard !versions.isEmpty else { return Reply(note: "[\(number)] has no earlier version in the archive.") }
        var lines = [
            "[\(number)] was edited; \(versions.count) earlier version\(versions.count == 1 ? "" : "s"), newest first:"
        ]
        for (index, version) in versions.reversed().enumerated() {
            lines.append(
                "\(index + 1). version of "
                    + MastodonDate.format(version.date).prefix(16).replacingOccurrences(of: "T", with: " ")
                    + " UTC")
            if !version.spoiler.isEmpty { lines.append("   [CW: \(version.spoiler.terminalSafeLine)]") }
            let text = StatusHTML.displayText(version.content, mentions: []).terminalSafe
            lines += text.split(separator: "\n", omittingEmptySubsequences: false).map { "   " + $0 }
        }
        return Reply(output: lines.joined(separator: "\n"))
    }

    /// `boosts`: who boosted the status on screen, oldest first, as archived.
    func boosts() async throws -> Reply {
        let number = try currentStatus(for: "boosts")
        let boosts = try await archive.boostedBy(number)
        guard !boosts.isEmpty else {
            return Reply(
                note: "No boost of [\(number)] is archived (only boosts a pinned timeline carried, and those "
                    + "its author's notifications told, are).")
        }
        var lines = ["[\(number)] boosted \(boosts.count) time\(boosts.count == 1 ? "" : "s"), as archived:"]
        for boost in boosts {
            let name = boost.name.isEmpty ? "" : " (\(boost.name.terminalSafeLine))"
            lines.append(
                "@\(boost.handle.terminalSafeLine)\(name) · "
                    + boost.createdAt.prefix(16).replacingOccurrences(of: "T", with: " ")
                    + " UTC")
        }
        return Reply(output: lines.joined(separator: "\n"))
    }

    /// `media`: the local files of the status on screen's attachments (and previews), by position.
    func media() async throws -> Reply {
        let number = try currentStatus(for: "media")
        guard let record = try await archive.exportRecords([number]).first else {
            throw REPLFailure("media: not archived")
        }
        let status = try? Status.archived(record.raw, servedBy: record.server).post
        let count = max(status?.mediaAttachments.count ?? 0, (record.attachments.map(\.position).max() ?? -1) + 1)
        guard count > 0 else { return Reply(note: "[\(number)] has no media.") }
        var lines: [String] = []
        for position in 0..<count {
            let kind =
                status.flatMap {
                    position < $0.mediaAttachments.count ? $0.mediaAttachments[position].type.rawValue : nil
                }
                ?? "media"
            let stored = record.attachments.first { $0.position == position }
            if let original = stored?.original {
                lines.append("\(position + 1). \(kind.terminalSafeLine): " + exporter.localFile(original).path)
            } else {
                lines.append("\(position + 1). \(kind.terminalSafeLine): not archived (icebox media fetch keeps it)")
            }
            if let preview = stored?.preview { lines.append("   preview: " + exporter.localFile(preview).path) }
        }
        return Reply(output: lines.joined(separator: "\n"))
    }
}
