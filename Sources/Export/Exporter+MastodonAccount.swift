import ArchiveCore
import Foundation
import Models

extension Exporter {
    /// Writes what the archive holds of one account as Mastodon's own account export: a ZIP with
    /// `outbox.json` (a `Create` per post, the ActivityPub object it was imported from kept byte for
    /// byte, or one written from its API JSON; an `Announce` per boost), `likes.json`, `bookmarks.json`
    /// (the account's favourites and bookmarks: those imported by uri and those of its synced
    /// `favourites`/`bookmarks` timelines), `actor.json` and the media files under the paths the outbox
    /// names. `icebox import mastodon-export` reads it back as it was. `consent`: the policy a search of
    /// the author's posts follows (see `ConsentPolicy`); what it leaves out is counted in the summary, and
    /// an export it would leave with none of the posts the archive holds is refused, not written empty.
    public func exportMastodonAccount(
        handle: String, consent: ConsentPolicy = .off, to destination: ExportDestination
    ) async throws(ExportError) -> ExportSummary {
        let held = try await accountNumbers(handle)
        let withheld: Set<Int64>
        do { withheld = try await archive.withheldByConsent(held, author: handle, policy: consent) } catch {
            throw .archive(error.description)
        }
        let numbers = held.filter { !withheld.contains($0) }
        guard !numbers.isEmpty || held.isEmpty else {
            throw .empty(
                "all \(held.count) posts of \(handle) the archive holds are left out: the author opted out of "
                    + "search (--all exports them)")
        }
        let references: [ImportedReference]
        let archivedBoosts: [ImportedReference]
        do {
            references = try await archive.references(kind: nil).filter {
                $0.accountHandle.caseInsensitiveCompare(handle) == .orderedSame
            }
            archivedBoosts = try await archive.archivedBoosts(by: handle)
        } catch {
            throw .archive(error.description)
        }
        let boosts = Self.boosts(archived: archivedBoosts, named: references.filter { $0.kind == .boost })
        guard !numbers.isEmpty || !references.isEmpty || !boosts.isEmpty else {
            throw .empty("the archive holds no posts of \(handle)")
        }
        let account = try await accountJSON(numbers.last, handle: handle)
        let actorURI = account["uri"] as? String ?? Self.actorURI(handle)
        let scratch = FileManager.default.temporaryDirectory.appending(path: "icebox-outbox-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var outbox = MastodonOutbox(archive: archive, actor: actorURI)
        try await outbox.write(numbers, boosts: boosts, to: scratch)
        var entries: [(String, Entry)] = outbox.media.sorted { $0.key < $1.key }.map { path, file in
            (path, .media(layout.file(sha256: file.sha256, ext: file.ext), size: file.size))
        }
        let outboxSize = (try? FileManager.default.attributesOfItem(atPath: scratch.path)[.size] as? Int64) ?? 0
        entries.append(("outbox.json", .media(scratch, size: outboxSize)))
        var bookmarkURIs: [String] = []
        for (name, kind, spec) in [
            ("likes.json", ImportedReference.Kind.favourite, "favourites"),
            ("bookmarks.json", .bookmark, "bookmarks"),
        ] {
            let uris = try await timelineURIs(spec, handle: handle) + references.filter { $0.kind == kind }.map(\.uri)
            if kind == .bookmark { bookmarkURIs = uris }
            entries.append(
                (
                    name,
                    .document(
                        MastodonOutbox.json([
                            "@context": "https://www.w3.org/ns/activitystreams", "id": name,
                            "type": "OrderedCollection",
                            "totalItems": Set(uris).count, "orderedItems": Array(Set(uris)).sorted(),
                        ]))
                ))
        }
        entries.append(("actor.json", .document(MastodonOutbox.json(Self.actor(account, uri: actorURI)))))
        entries += try await relationCSVs(handle: handle, bookmarks: bookmarkURIs)
        try Self.writeZip(entries, mtime: outbox.newest, to: destination)
        var summary = ExportSummary(
            path: destination.path, folder: ".", format: .zip, statuses: outbox.statuses,
            mediaFiles: outbox.media.count, mediaMissing: 0, gone: 0)
        summary.leftOutByConsent = withheld.count
        return summary
    }

    /// The account's boosts, oldest first: those archived as statuses of their own (a sync's), and those
    /// an import named only by uri, once each (by the post boosted).
    package static func boosts(archived: [ImportedReference], named: [ImportedReference]) -> [ImportedReference] {
        let boosted = Set(archived.map(\.uri))
        return (archived + named.filter { !boosted.contains($0.uri) }).sorted {
            ($0.publishedAt ?? "", $0.uri) < ($1.publishedAt ?? "", $1.uri)
        }
    }

    /// The account's posts, oldest first.
    private func accountNumbers(_ handle: String) async throws(ExportError) -> [Int64] {
        var numbers: [Int64] = []
        do {
            while true {
                let page = try await archive.posts(.author(handle), limit: 1000, offset: numbers.count)
                numbers += page.map(\.number)
                if page.count < 1000 { break }
            }
        } catch {
            throw .archive(error.description)
        }
        return numbers.reversed()
    }

    /// The account as its newest post shows it.
    private func accountJSON(_ newest: Int64?, handle: String) async throws(ExportError) -> [String: Any] {
        guard let newest else { return ["username": String(handle.split(separator: "@").first ?? "")] }
        do {
            let raw = try await archive.exportRecords([newest]).first?.raw ?? Data()
            return ((try? JSONSerialization.jsonObject(with: raw)) as? [String: Any])?["account"] as? [String: Any]
                ?? [:]
        } catch {
            throw .archive(error.description)
        }
    }

    private func timelineURIs(_ spec: String, handle: String) async throws(ExportError) -> [String] {
        do {
            var uris: [String] = []
            for timeline in try await archive.timelines()
            where timeline.spec == spec && timeline.accountHandle?.caseInsensitiveCompare(handle) == .orderedSame {
                uris += try await archive.statusURIs(timelineID: timeline.id)
            }
            return uris
        } catch {
            throw .archive(error.description)
        }
    }

    static func actorURI(_ handle: String) -> String {
        let parts = handle.split(separator: "@", maxSplits: 1)
        return "https://\(parts.count == 2 ? parts[1] : "localhost")/users/\(parts.first ?? "")"
    }

    /// `actor.json`: the Person Mastodon's export holds, from the account as archived.
    static func actor(_ account: [String: Any], uri: String) -> [String: Any] {
        var actor: [String: Any] = [
            "@context": "https://www.w3.org/ns/activitystreams", "id": uri,
            "type": (account["bot"] as? Bool) == true ? "Service" : "Person",
            "preferredUsername": account["username"] as? String ?? "", "name": account["display_name"] as? String ?? "",
            "summary": account["note"] as? String ?? "", "url": account["url"] as? String ?? uri,
            "manuallyApprovesFollowers": account["locked"] as? Bool ?? false, "followers": uri + "/followers",
            "outbox": "outbox.json", "likes": "likes.json", "bookmarks": "bookmarks.json",
        ]
        actor["published"] = account["created_at"] as? String
        return actor
    }

    /// The entries as a ZIP, in the order given (media first, as Mastodon writes them).
    static func writeZip(_ entries: [(String, Entry)], mtime: Int, to destination: ExportDestination)
        throws(ExportError)
    {
        try TarballWriter.requireLibrary()
        try writing(to: destination) { (fd) throws(ExportError) in
            let writer = try TarballWriter(format: .zip, fileDescriptor: fd, mtime: mtime)
            for (name, entry) in entries {
                switch entry {
                case .document(let data): try writer.addFile(name, data: data)
                case .media(let url, let size): try writer.addFile(name, contentsOf: url, size: size)
                }
            }
            try writer.finish()
        }
    }
}
