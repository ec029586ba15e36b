import Foundation
import Models

extension RouterDestination {
    /// A short, single-line name for the screen, safe to print (control characters removed):
    /// `@alice@example.social`, `status 123`, `status example.social/@alice/123`, `#swift`,
    /// `#swift by @alice@example.social`, `list Friends`, `search:swift`, `timeline:tag:swift`,
    /// `following of @alice@example.social`, `boosted by: status 123`, `conversation 42`, `3 accounts`.
    public var title: String {
        let text: String
        switch self {
        case .accountDetail(let id):
            text = id.contains("@") ? "@\(id)" : "account \(id)"
        case .accountDetailWithAccount(let account):
            text = "@\(account.acct)"
        case .statusDetail(let id):
            text = "status \(Self.shortLink(id))"
        case .statusDetailWithStatus(let status):
            text = "status by @\(status.account.acct)"
        case .remoteStatusDetail(let url):
            text = "status \(Self.shortLink(url.absoluteString))"
        case .hashTag(let tag, nil):
            text = "#\(tag)"
        case .hashTag(let tag, let account?):
            text = "#\(tag) by @\(account)"
        case .list(let list):
            text = "list \(list.title.isEmpty ? list.id : list.title)"
        case .searchResults(let query):
            text = "search:\(query)"
        case .pinnedTimeline(let spec):
            text = "timeline:\(spec)"
        case .following(let id):
            text = "following of " + RouterDestination.accountDetail(id: id).title
        case .followers(let id):
            text = "followers of " + RouterDestination.accountDetail(id: id).title
        case .favoritedBy(let id):
            text = "favourited by: status \(Self.shortLink(id))"
        case .rebloggedBy(let id):
            text = "boosted by: status \(Self.shortLink(id))"
        case .conversationDetail(let id):
            text = "conversation \(id)"
        case .accountsList(let accounts):
            text = "\(accounts.count) account\(accounts.count == 1 ? "" : "s")"
        }
        return text.terminalSafe.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ")
    }

    /// A link without its scheme (`https://a.example/@u/1` → `a.example/@u/1`); other text unchanged.
    private static func shortLink(_ text: String) -> String {
        for prefix in ["https://", "http://"] where text.lowercased().hasPrefix(prefix) {
            return String(text.dropFirst(prefix.count))
        }
        return text
    }
}
