import ArchiveCore
import Display
import Foundation
import Models
import Router
import SearchQuery

extension REPLSession {
    /// What `destination` shows, without pushing it. Throws when the archive has nothing for it.
    func render(_ destination: RouterDestination) async throws -> (Reply, Screen) {
        switch destination {
        case .searchResults(let text):
            let query: SearchQuery
            do { query = try SearchQuery(parsing: text) } catch { throw REPLFailure("search: \(error.description)") }
            guard !query.isEmpty else { throw REPLFailure("search: give something to search for") }
            // A search honours the archive's consent setting, as `icebox search` does.
            let consent = try await archive.consentPolicy()
            let total = try await archive.count(query, consent: consent)
            let header = "\(total) match\(total == 1 ? "" : "es") for \(text.terminalSafeLine)"
            return try await page(
                Screen(
                    source: .search(query, consent: consent), total: total, heading: header,
                    words: query.highlightedWords))
        case .accountDetail(let id):
            guard id.contains("@") else {
                throw REPLFailure("account \(id.terminalSafeLine): give a full handle, user@host")
            }
            return try await listing(of: .author(id), title: destination.title)
        case .accountDetailWithAccount(let account):
            return try await render(.accountDetail(id: account.acct))
        case .hashTag(let tag, let account):
            return try await listing(of: .tag(tag, author: account), title: destination.title)
        case .pinnedTimeline(let text):
            let spec: TimelineSpec
            do { spec = try TimelineSpec(parsing: text) } catch { throw REPLFailure("timeline: \(error.description)") }
            if spec == .notifications { return try await notificationsScreen() }
            // What the conversations timeline keeps is its conversations, each with its last status.
            if spec == .conversations { return try await conversationList() }
            let query = SearchQuery(filters: [.init(.inTimeline(spec.description))])
            return try await consented(query, title: destination.title, empty: "has no archived posts")
        case .statusDetail(let id):
            guard let number = try await StatusReference.resolve(id, in: archive) else {
                throw REPLFailure("status \(id.terminalSafeLine) is not in the archive")
            }
            return try await statusScreen(number)
        case .statusDetailWithStatus(let status):
            return try await render(.statusDetail(id: status.uri))
        case .remoteStatusDetail(let url):
            guard let number = try await StatusReference.resolve(link: url, in: archive) else {
                throw REPLFailure("\(destination.title) is not in the archive")
            }
            return try await statusScreen(number)
        case .list(let list):
            return try await render(.pinnedTimeline(spec: "list:\(list.id)"))
        case .conversationDetail(let id):
            return try await conversationScreen(id)
        case .following, .followers, .favoritedBy, .rebloggedBy, .accountsList:
            return (Reply(output: try await people(destination)), Screen(listed: nil, status: nil))
        }
    }

    /// One status in full.
    private func statusScreen(_ number: Int64) async throws -> (Reply, Screen) {
        let printer = try StatusPrinter(archived: try await archive.status(number: number))
        return (Reply(output: printer.text.terminalSafe), Screen(listed: nil, status: number))
    }

    /// The posts `query` finds, newest first, under the archive's consent policy (one rule for every view:
    /// `icebox search`, serve's pages, exports), the heading saying how many it hid.
    private func consented(_ query: SearchQuery, title: String, empty: String) async throws -> (Reply, Screen) {
        let consent = try await archive.consentPolicy()
        let total = try await archive.count(query, consent: consent)
        let hidden = try await archive.hiddenByConsent(query, policy: consent, shown: total)
        let why =
            "\(hidden == 1 ? "its author" : "their authors") opted out of search (icebox config search-consent off "
            + "shows them)"
        guard total > 0 else {
            throw REPLFailure(
                hidden > 0 ? "\(title): all \(hidden) archived posts are hidden: \(why)" : "\(title) \(empty)")
        }
        var heading = "\(title): \(total) archived post\(total == 1 ? "" : "s")"
        if hidden > 0 { heading += "; \(hidden) more hidden: \(why)" }
        return try await page(Screen(source: .search(query, consent: consent), total: total, heading: heading))
    }

    /// A profile or hashtag page: the newest posts, numbered, under the consent policy as a search of them
    /// (`ArchiveListing.searchQuery`).
    private func listing(of listing: ArchiveListing, title: String) async throws -> (Reply, Screen) {
        if let query = listing.searchQuery {
            return try await consented(query, title: title, empty: "has no posts in the archive")
        }
        let total = try await archive.count(listing)
        guard total > 0 else { throw REPLFailure("\(title) has no posts in the archive") }
        return try await page(
            Screen(
                source: .listing(listing), total: total,
                heading: "\(title): \(total) archived post\(total == 1 ? "" : "s")"))
    }

    /// `open n` (a list position) or `open <reference>` (`#1234`, a URL, a uri, a server id).
    mutating func open(_ reference: String) async throws -> Reply {
        if let position = Int(reference) {
            let listed = numbered
            let first = numberedOffset + 1
            guard !listed.isEmpty else {
                throw REPLFailure("open \(position): no numbered list on screen; search first, or open #NUMBER")
            }
            guard (first..<(first + listed.count)).contains(position) else {
                throw REPLFailure(
                    "open \(position): the list on screen is numbered \(first) to \(first + listed.count - 1)")
            }
            return try await go(to: .statusDetail(id: String(listed[position - first])))
        }
        guard let number = try await StatusReference.resolve(reference, in: archive) else {
            throw REPLFailure("\(reference.terminalSafeLine) is not in the archive")
        }
        return try await go(to: .statusDetail(id: String(number)))
    }

    /// `url <link>`: the route the link names, through the router, shown as archived.
    mutating func follow(_ text: String) async throws -> Reply {
        // An address as `path` prints it, or as `icebox serve` shows it (`/statuses/12`).
        if text.hasPrefix("/"), let destination = RouterDestination(path: text) { return try await go(to: destination) }
        guard let url = URL(string: text) else { throw REPLFailure("\(text.terminalSafeLine) is not a URL") }
        switch RouterDestination.resolution(for: url) {
        case .route(let destination):
            return try await go(to: destination)
        case .notARoute(let reason):
            // Not a link Icebox can place; it may still be a status uri exactly as archived, or a page of
            // `icebox serve` (its path after any host: the reader may sit behind a proxy).
            if let number = try await archive.findStatus(text) {
                return try await go(to: .statusDetail(id: String(number)))
            }
            if url.scheme == "http" || url.scheme == "https",
                let destination = RouterDestination(
                    path: url.path(percentEncoded: true) + (url.query(percentEncoded: true).map { "?" + $0 } ?? ""))
            {
                return try await go(to: destination)
            }
            throw REPLFailure("\(text.terminalSafeLine): \(reason.description)")
        }
    }

    /// The full handle a typed account names: `user@host` as typed, or the one archived author whose
    /// username is `user`.
    func handle(_ typed: String) async throws -> String {
        guard !typed.contains("@") else { return typed }
        let matches = try await archive.authorHandles().filter { $0.lowercased().hasPrefix(typed.lowercased() + "@") }
        switch matches.count {
        case 1: return matches[0]
        case 0: throw REPLFailure("account \(typed.terminalSafeLine): no archived author has that name; give user@host")
        default:
            throw REPLFailure(
                "account \(typed.terminalSafeLine) could be "
                    + matches.prefix(5).map { "@\($0)" }.joined(separator: ", ").terminalSafeLine
                    + (matches.count > 5 ? "…" : "") + "; give user@host")
        }
    }

    /// The status on screen, or why there is none.
    func currentStatus(for command: String) throws -> Int64 {
        guard let status = top?.status else {
            throw REPLFailure("\(command): no status on screen; open one first")
        }
        return status
    }

    /// The `user@host` of the author of the status on screen.
    func currentAuthor() async throws -> String {
        let number = try currentStatus(for: "author")
        return try StatusPrinter(archived: try await archive.status(number: number)).authorHandle
    }
}
