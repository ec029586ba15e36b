import Foundation

/// The `Link` response header, parsed whole: every link with every `rel` it carries.
///
/// Mastodon sends `<…?max_id=X>; rel="next", <…?min_id=Y>; rel="prev"`; other servers order them
/// differently, quote differently or add more. Cursor values are opaque and kept exactly as given.
public struct LinkHeader: Hashable, Sendable {
    /// One `<url>; params` entry.
    public struct Link: Hashable, Sendable {
        public var url: URL
        public var rels: Set<String>
    }

    public var links: [Link]

    public init(_ header: String) {
        var links: [Link] = []
        var rest = Substring(header)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let target = String(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
            // Parameters run until the next comma that is outside quotes.
            var params = ""
            var inQuotes = false
            var end = rest.endIndex
            for index in rest.indices {
                let character = rest[index]
                if character == "\"" { inQuotes.toggle() }
                if character == ",", !inQuotes {
                    end = index
                    break
                }
                params.append(character)
            }
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
            var rels = Set<String>()
            for param in params.split(separator: ";") {
                let pair = param.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2, pair[0].lowercased() == "rel" else { continue }
                let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                for rel in value.split(separator: " ") { rels.insert(rel.lowercased()) }
            }
            if let url = URL(string: target.trimmingCharacters(in: .whitespaces)) {
                links.append(Link(url: url, rels: rels))
            }
        }
        self.links = links
    }

    /// The first link with the given relation.
    public func url(rel: String) -> URL? {
        links.first { $0.rels.contains(rel) }?.url
    }

    /// A query parameter of the link with the given relation (`max_id` of `next`, `min_id` of `prev`).
    public func parameter(_ name: String, rel: String) -> String? {
        guard let url = url(rel: rel) else { return nil }
        return URLComponents(url: url, resolvingAgainstBaseURL: false)?
            .queryItems?.first { $0.name == name }?.value
    }
}
