import Foundation

/// Generates the corpus's local and remote accounts.
enum AccountFactory {
    static let localNames = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi"]
    static let remoteNames = [
        "yuki", "hans", "marie", "diego", "sam", "kenji", "lena", "omar",
        "priya", "tom", "ines", "ravi",
    ]
    static let remoteHosts = ["other.example", "fedi.example.org", "photos.example.net", "social.example.jp"]

    static func make(localCount: Int, remoteCount: Int, start: Date, rng: inout SplitMix64) -> [AccountRecord] {
        var accounts: [AccountRecord] = []
        for i in 0..<(max(localCount, 1) + max(remoteCount, 0)) {
            let local = i < max(localCount, 1)
            let n = local ? i : i - max(localCount, 1)
            let pool = local ? localNames : remoteNames
            let username = n < pool.count ? pool[n] : (local ? "user\(n + 1)" : "remote\(n + 1)")
            let host = local ? nil : remoteHosts[n % remoteHosts.count]
            let created = Timestamp.midnight(start.addingTimeInterval(-Double(rng.int(in: 30...1500)) * 86_400))
            let emoji = !local && rng.chance(0.3)
            let display =
                username.prefix(1).uppercased() + username.dropFirst()
                + (emoji ? " :\(ContentText.customEmojis[0]):" : "") + (rng.chance(0.2) ? " 🐧" : "")
            let fields =
                rng.chance(0.6)
                ? [
                    AccountRecord.Field(
                        name: "Website", value: ContentText.link("https://\(username).example.com/"),
                        verified: rng.chance(0.5)),
                    AccountRecord.Field(
                        name: "Pronouns", value: rng.pick(["she/her", "he/him", "they/them"]),
                        verified: false),
                ]
                : []
            accounts.append(
                AccountRecord(
                    index: i,
                    id: StatusID.snowflake(milliseconds: Int64(created.timeIntervalSince1970 * 1000), sequence: i + 1),
                    username: username, host: host, displayName: display,
                    note: "<p>\(ContentText.escape(rng.pick(notes)))</p>",
                    createdAt: created, bot: rng.chance(0.1), locked: rng.chance(0.1), fields: fields,
                    emojis: emoji ? [ContentText.customEmojis[0]] : [],
                    followersCount: rng.int(in: 0...5000), followingCount: rng.int(in: 0...800)))
        }
        return accounts
    }

    /// Who each local account follows: roughly `share` of all other accounts, always at least one.
    static func follows(accounts: [AccountRecord], share: Double, rng: inout SplitMix64) -> [Int: Set<Int>] {
        var out: [Int: Set<Int>] = [:]
        for account in accounts where account.isLocal {
            var set = Set<Int>()
            for other in accounts where other.index != account.index && rng.chance(share) {
                set.insert(other.index)
            }
            if set.isEmpty, accounts.count > 1 { set.insert((account.index + 1) % accounts.count) }
            out[account.index] = set
        }
        return out
    }

    private static let notes = [
        "Writes code, takes photos.", "Cats & coffee.", "日本語と英語で投稿します。",
        "Fediverse enthusiast. Opinions are mine.", "Ich poste über Züge.",
    ]
}
