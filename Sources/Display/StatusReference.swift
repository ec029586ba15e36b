import ArchiveCore
import Foundation
import Router

/// Turns what a user typed (`1234`, a URL, a uri, a server id) into an archived status, through the
/// same URL routing every front end uses.
public enum StatusReference {
    /// Why a reference does not name an archived status.
    public struct NotAStatus: Error, CustomStringConvertible {
        public var description: String
    }

    /// The archive's number for the status `text` names; `nil` when it is not archived.
    /// Throws `NotAStatus` when `text` is a link to something else (a profile, a tag) or no link at all.
    public static func resolve(_ text: String, in archive: any ArchiveStore) async throws -> Int64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.contains("://"), let url = URL(string: trimmed) else {
            return try await archive.findStatus(trimmed)  // a number, a bare id or a non-URL uri
        }
        switch RouterDestination.resolution(for: url) {
        case .route(.remoteStatusDetail(let link)):
            return try await resolve(link: link, typed: trimmed, in: archive)
        case .route(let destination):
            throw NotAStatus(description: "\(trimmed) is \(destination.title), not a status")
        case .notARoute(let reason):
            // Not a URL Icebox can place; it may still be a status uri exactly as archived.
            if let found = try await archive.findStatus(trimmed) { return found }
            throw NotAStatus(description: "\(trimmed): \(reason.description)")
        }
    }

    /// The status a `remoteStatusDetail(url:)` route names: by the URL or uri as archived, then by the
    /// server's own id for it. `typed` is the link as the user gave it, when different.
    public static func resolve(link: URL, typed: String? = nil, in archive: any ArchiveStore) async throws(ArchiveError)
        -> Int64?
    {
        if let found = try await archive.findStatus(link.absoluteString) { return found }
        if let typed, let found = try await archive.findStatus(typed) { return found }
        guard let status = StatusLink(url: link), let localID = status.localID else { return nil }
        return try await archive.findStatus(server: status.host, localID: localID)
    }
}
