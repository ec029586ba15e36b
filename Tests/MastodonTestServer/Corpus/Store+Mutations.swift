import Foundation

/// Changes made after start: new, late-federated, edited and deleted statuses.
extension Store {
    /// Appends `count` statuses newer than everything so far; returns their ids, oldest first.
    mutating func addStatuses(_ count: Int) -> [String] {
        (0..<max(count, 0)).map { _ in
            clock = clock.addingTimeInterval(Double(rng.int(in: 1...60)) + Double(rng.int(1000)) / 1000)
            let status = makeStatus(at: clock)
            insert(status)
            return status.id
        }
    }

    /// Adds `count` statuses by remote accounts whose `created_at` (and so id) lies `secondsAgo` before the
    /// newest status, like a post that federates late. Returns their ids.
    mutating func addBackdatedStatuses(_ count: Int, secondsAgo: TimeInterval) -> [String] {
        let remote = accounts.filter { !$0.isLocal }.map(\.index)
        return (0..<max(count, 0)).map { i in
            let date = clock.addingTimeInterval(-max(secondsAgo, 0.001) + Double(i) * 0.001)
            let status = makeStatus(at: date, allowBoost: false, author: remote.isEmpty ? nil : rng.pick(remote))
            insert(status)
            return status.id
        }
    }

    /// Replaces a status's content (plain text is wrapped in `<p>`), keeping the old version in its history.
    mutating func editStatus(id: String, content: String, spoilerText: String?, at date: Date) -> Bool {
        guard var status = statuses[id], !status.isReblog else { return false }
        if status.history.isEmpty {
            status.history.append(
                EditRecord(
                    content: status.content, spoilerText: status.spoilerText,
                    sensitive: status.sensitive, createdAt: status.createdAt))
        }
        let html = content.contains("<") ? content : ContentText.paragraphs(fromPlainText: content)
        status.content = html
        if let spoilerText {
            status.spoilerText = spoilerText
            status.sensitive = !spoilerText.isEmpty || status.sensitive
        }
        let editedAt = max(date, status.createdAt.addingTimeInterval(1))
        status.editedAt = editedAt
        status.history.append(
            EditRecord(
                content: status.content, spoilerText: status.spoilerText,
                sensitive: status.sensitive, createdAt: editedAt))
        statuses[id] = status
        return true
    }

    /// Deletes a status and the boosts of it. Returns false when unknown.
    mutating func deleteStatus(id: String) -> Bool {
        guard let status = statuses[id] else { return false }
        let boosts = order.filter { statuses[$0]?.reblogOf == id }
        for sid in [id] + boosts {
            guard let removed = statuses.removeValue(forKey: sid) else { continue }
            order.removeAll { $0 == sid }
            accounts[removed.author].statusesCount -= 1
        }
        if let parent = status.inReplyToID { statuses[parent]?.repliesCount -= 1 }
        if let target = status.reblogOf { statuses[target]?.reblogsCount -= 1 }
        return true
    }
}
