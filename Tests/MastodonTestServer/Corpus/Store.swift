import Foundation

/// All data of the test server: accounts, statuses (ordered by id), fixtures and per-user rows.
struct Store: Sendable {
    let host: String
    var accounts: [AccountRecord] {
        didSet {
            forgetComputed()
            // Accounts are only ever added, and a username or id never changes: the lookups follow the count.
            if accounts.count != indexedAccounts { indexAccounts() }
        }
    }
    /// Each account's index by the names `accountIndex(username:)` takes, and by id; built for the
    /// first `indexedAccounts` accounts.
    private var accountsByName: [String: Int] = [:]
    private var accountsByID: [String: Int] = [:]
    private var indexedAccounts = 0
    /// Who follows each account, by index, in descending order (what a followers page pages through),
    /// computed since the follows last changed.
    let followers = CorpusMemo<[Int]>()
    var statuses: [String: StatusRecord] = [:] { didSet { forgetComputed() } }
    /// Every live status id (boosts included), oldest first by Mastodon id order.
    var order: [String] = [] { didSet { forgetComputed() } }
    /// Timelines computed since the statuses or follows last changed.
    let feeds = CorpusMemo<[String]>()
    /// Status JSON rendered since the statuses last changed, by id, viewer and base URL.
    let rendered = CorpusMemo<Data>()
    var fixtures: [FixtureStatus] = []
    var follows: [Int: Set<Int>] { didSet { forgetComputed() } }
    var lists: [String: ListRecord] = [:]
    /// Whom each account mutes and blocks, and the domains it blocks (issue 44's relation walk).
    var mutes: [Int: Set<Int>] = [:]
    var blocks: [Int: Set<Int>] = [:]
    var domainBlocks: [Int: [String]] = [:]
    /// Who favourited each status (by its id), in the order they did.
    var favouritedBy: [String: [Int]] = [:]
    /// Whom each account endorses, which hashtags it follows and features (by name), its follows'
    /// settings and its private notes on accounts.
    var endorsements: [Int: Set<Int>] = [:]
    var followedTags: [Int: [String]] = [:]
    var featuredTags: [Int: [String]] = [:]
    var followSettings: [Int: [Int: FollowSettingRecord]] = [:]
    var notes: [Int: [Int: String]] = [:]
    var bookmarks: [Int: [Row]] = [:]
    var favourites: [Int: [Row]] = [:]
    var notifications: [Int: [Row]] = [:]
    var nextRowID = (bookmark: 1, favourite: 1, notification: 1)
    /// Each local account's direct-message conversations (issue 44), and the next conversation id.
    var conversations: [Int: [ConversationRecord]] = [:]
    var nextConversationID = 1
    var rng: SplitMix64
    /// `created_at` of the newest generated status.
    var clock: Date
    var usedIDs = Set<String>()

    private func forgetComputed() {
        feeds.clear()
        rendered.clear()
        followers.clear()
    }

    private mutating func indexAccounts() {
        accountsByName = [:]
        accountsByID = [:]
        for account in accounts {
            if accountsByName[account.acct()] == nil { accountsByName[account.acct()] = account.index }
            if account.isLocal, accountsByName["\(account.username)@\(host)"] == nil {
                accountsByName["\(account.username)@\(host)"] = account.index
            }
            if accountsByID[account.id] == nil { accountsByID[account.id] = account.index }
        }
        indexedAccounts = accounts.count
    }

    /// `count` accounts on `fans.example`, after every other, each following the first local account.
    private mutating func addFans(_ count: Int, created: Date) {
        guard count > 0 else { return }
        var fans: [AccountRecord] = []
        for n in 1...count {
            let index = accounts.count + n - 1
            fans.append(
                AccountRecord(
                    index: index,
                    id: StatusID.snowflake(
                        milliseconds: Int64(created.timeIntervalSince1970 * 1000), sequence: index + 1),
                    username: "fan\(n)", host: "fans.example", displayName: "Fan \(n)", note: "", createdAt: created,
                    bot: false, locked: false, fields: [], emojis: [], followersCount: 0, followingCount: 1))
            follows[index] = [0]
        }
        accounts += fans
    }

    init(config: TestServerConfig) {
        var rng = SplitMix64(seed: config.seed)
        host = config.host
        accounts = AccountFactory.make(
            localCount: config.localAccountCount, remoteCount: config.remoteAccountCount,
            start: config.startDate, rng: &rng)
        follows = AccountFactory.follows(accounts: accounts, share: config.homeShare, rng: &rng)
        clock = config.startDate
        self.rng = rng
        for account in accounts where account.isLocal {
            let members = Array(follows[account.index, default: []]).sorted()
            let id = String(100 + account.index)
            lists[id] = ListRecord(
                id: id, owner: account.index, title: "Friends of \(account.username)",
                members: Set(members.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)))
        }
        for i in 0..<max(config.statusCount, 0) {
            clock = clock.addingTimeInterval(Double(self.rng.int(in: 5...900)) + Double(self.rng.int(1000)) / 1000)
            insert(makeStatus(at: clock, allowBoost: i > 3))
        }
        seedRows()
        indexAccounts()
        addFans(config.fanCount, created: config.startDate)
    }

    /// Local account index for a username (`alice`, or `alice@host` for local).
    func accountIndex(username: String) -> Int? {
        let name = username.hasPrefix("@") ? String(username.dropFirst()) : username
        return accountsByName[name]
    }

    func accountIndex(id: String) -> Int? { accountsByID[id] }

    /// A fresh snowflake for `date`, unique within the store.
    mutating func allocateID(for date: Date) -> String {
        let ms = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        while true {
            let id = StatusID.snowflake(milliseconds: ms, sequence: rng.int(65_536))
            if usedIDs.insert(id).inserted { return id }
        }
    }

    /// Adds a status to the ordered index and updates counters, reply counts and mention notifications.
    mutating func insert(_ status: StatusRecord) {
        statuses[status.id] = status
        let key = IDKey(status.id)
        var low = 0
        var high = order.count
        while low < high {
            let mid = (low + high) / 2
            if IDKey(order[mid]) < key { low = mid + 1 } else { high = mid }
        }
        order.insert(status.id, at: low)
        accounts[status.author].statusesCount += 1
        accounts[status.author].lastStatusAt = max(
            accounts[status.author].lastStatusAt ?? status.createdAt,
            status.createdAt)
        if let parent = status.inReplyToID { statuses[parent]?.repliesCount += 1 }
        if let target = status.reblogOf { statuses[target]?.reblogsCount += 1 }
        for mentioned in Set(status.mentions) where accounts[mentioned].isLocal && mentioned != status.author {
            addNotification(
                to: mentioned, type: "mention", from: status.author, status: status.id,
                at: status.createdAt)
        }
    }

    mutating func addNotification(to owner: Int, type: String, from: Int, status: String?, at date: Date) {
        notifications[owner, default: []].append(
            Row(rowID: nextRowID.notification, statusID: status, type: type, fromAccount: from, createdAt: date))
        nextRowID.notification += 1
    }

    /// Bookmarks and favourites for every local user, bookmarked in an order unrelated to status ids,
    /// plus favourite and follow notifications.
    private mutating func seedRows() {
        let candidates = order.filter { statuses[$0]?.isReblog == false }
        for account in accounts where account.isLocal {
            let marked = rng.sample(candidates, count: max(3, candidates.count / 12))
            for id in marked { addBookmark(statusID: id, owner: account.index) }
            let faved = rng.sample(candidates, count: max(3, candidates.count / 10))
            for id in faved { addFavourite(statusID: id, owner: account.index) }
            for id in candidates where statuses[id]?.author == account.index && rng.chance(0.3) {
                addNotification(
                    to: account.index, type: "favourite", from: rng.int(accounts.count), status: id,
                    at: clock)
            }
            addNotification(to: account.index, type: "follow", from: rng.int(accounts.count), status: nil, at: clock)
        }
    }

    @discardableResult
    mutating func addBookmark(statusID: String, owner: Int) -> Int {
        addRow("bookmark", statusID: statusID, owner: owner, to: \.bookmarks, numbered: \.nextRowID.bookmark)
    }

    @discardableResult
    mutating func addFavourite(statusID: String, owner: Int) -> Int {
        addRow("favourite", statusID: statusID, owner: owner, to: \.favourites, numbered: \.nextRowID.favourite)
    }

    /// Appends a row of `type` to `owner`'s list in `rows`, with the next id of the counter `next`.
    private mutating func addRow(
        _ type: String, statusID: String, owner: Int,
        to rows: WritableKeyPath<Store, [Int: [Row]]>, numbered next: WritableKeyPath<Store, Int>
    ) -> Int {
        let row = Row(rowID: self[keyPath: next], statusID: statusID, type: type, fromAccount: owner, createdAt: clock)
        self[keyPath: rows][owner, default: []].append(row)
        self[keyPath: next] += 1
        return row.rowID
    }
}
