import Foundation

extension RouterDestination {
    /// The route a web link names, without network access, or why it names none.
    ///
    /// Status links become `remoteStatusDetail(url:)` with the link normalised (see `StatusLink`),
    /// never a bare `statusDetail(id:)`: the id in a link only means something on the link's host.
    /// Profile links become `accountDetail(id:)` with a `user@host` handle; hashtag links become
    /// `hashTag(tag:account:)` with the tag as written. Any host is accepted; ids are opaque.
    public static func resolution(for url: URL) -> URLResolution {
        let parts: LinkParts
        switch LinkParts.parse(url) {
        case .success(let parsed): parts = parsed
        case .failure(let reason): return .notARoute(reason)
        }
        switch LinkTarget.of(parts.segments, host: parts.host) {
        case .status:
            guard let link = StatusLink(url: url) else { return .notARoute(.unknownPath) }
            return .route(.remoteStatusDetail(url: link.url))
        case .account(let handle):
            return .route(.accountDetail(id: handle))
        case .tag(let tag, let account):
            return .route(.hashTag(tag: tag, account: account))
        case .following(let handle):
            return .route(.following(id: handle))
        case .followers(let handle):
            return .route(.followers(id: handle))
        case .rebloggedBy, .favoritedBy:
            let status = url.deletingLastPathComponent()
            guard let link = StatusLink(url: status) else { return .notARoute(.unknownPath) }
            let id = link.url.absoluteString
            return .route(
                LinkTarget.of(parts.segments, host: parts.host) == .rebloggedBy
                    ? .rebloggedBy(id: id) : .favoritedBy(id: id))
        case nil:
            return .notARoute(.unknownPath)
        }
    }

    /// The route a web link names, or `nil`; `resolution(for:)` says why not.
    public static func resolve(url: URL) -> RouterDestination? {
        resolution(for: url).destination
    }
}
