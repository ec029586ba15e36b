import Foundation

/// Generation of one synthetic status (original, reply or boost) from the store's PRNG.
extension Store {
    mutating func makeStatus(at date: Date, allowBoost: Bool = true, author fixed: Int? = nil) -> StatusRecord {
        let id = allocateID(for: date)
        let author = fixed ?? rng.int(accounts.count)
        let originID = accounts[author].isLocal ? id : String(rng.int(in: 100_000...9_999_999))
        let recent = order.suffix(60).compactMap { statuses[$0] }.filter { !$0.isReblog && $0.visibility != .direct }
        let boostable = recent.filter { $0.visibility == .public && $0.author != author }
        if allowBoost, !boostable.isEmpty, rng.chance(0.08) {
            let target = rng.pick(boostable)
            return StatusRecord(
                id: id, createdAt: date, author: author, content: "", spoilerText: "", sensitive: false,
                visibility: .public, language: nil, media: [], poll: nil, card: nil, tags: [], mentions: [],
                emojis: [], inReplyToID: nil, inReplyToAccount: nil, reblogOf: target.id, originID: originID,
                reblogsCount: 0, favouritesCount: 0)
        }
        let parent = (!recent.isEmpty && rng.chance(0.22)) ? rng.pick(recent) : nil
        let language = rng.pick(ContentText.languages)
        var mentions: [Int] = []
        if let parent { mentions.append(parent.author) }
        if rng.chance(0.15) { mentions.append(0) }  // the first local user gets mentions
        if rng.chance(0.15) { mentions.append(rng.int(accounts.count)) }
        mentions = mentions.reduce(into: []) { if $1 != author && !$0.contains($1) { $0.append($1) } }
        let tags = rng.sample(ContentText.tags, count: rng.chance(0.45) ? rng.int(in: 1...3) : 0)
        let link = rng.chance(0.2) ? rng.pick(ContentText.links) : nil
        let emojis = rng.chance(0.1) ? [rng.pick(ContentText.customEmojis)] : []
        let spoiler = rng.chance(0.1) ? rng.pick(ContentText.spoilers) : ""
        let content = composeHTML(language: language, mentions: mentions, tags: tags, link: link, emojis: emojis)
        let media = rng.chance(0.2) ? makeMedia(date: date, count: rng.int(in: 1...4)) : []
        let poll = (media.isEmpty && rng.chance(0.05)) ? makePoll(date: date) : nil
        let card = (link != nil && media.isEmpty && rng.chance(0.7)) ? makeCard(url: link!, date: date) : nil
        let roll = rng.int(100)
        let visibility: Visibility = roll < 78 ? .public : (roll < 90 ? .unlisted : .private)
        return StatusRecord(
            id: id, createdAt: date, author: author, content: content, spoilerText: spoiler,
            sensitive: !spoiler.isEmpty || (media.first.map { _ in rng.chance(0.1) } ?? false),
            visibility: parent?.visibility == .private ? .private : visibility, language: language,
            media: media, poll: poll, card: card, tags: tags, mentions: mentions, emojis: emojis,
            inReplyToID: parent?.id, inReplyToAccount: parent?.author, reblogOf: nil, originID: originID,
            reblogsCount: 0, favouritesCount: rng.int(in: 0...40))
    }

    private mutating func composeHTML(
        language: String?, mentions: [Int], tags: [String], link: String?,
        emojis: [String]
    ) -> String {
        let pool = ContentText.sentences[language ?? "en"] ?? ContentText.sentences["en"]!
        let prefix = mentions.map {
            ContentText.mention(
                username: accounts[$0].username,
                profileURL: profileURL(of: $0))
        }.joined(separator: " ")
        var first = ContentText.escape(rng.pick(pool))
        if !prefix.isEmpty { first = prefix + " " + first }
        if !emojis.isEmpty { first += " " + emojis.map { ":\($0):" }.joined(separator: " ") }
        var paragraphs = [first]
        if rng.chance(0.35) {
            paragraphs.append(ContentText.escape(rng.pick(pool)) + "<br>" + ContentText.escape(rng.pick(pool)))
        }
        var last: [String] = []
        if let link { last.append(ContentText.link(link)) }
        last += tags.map { ContentText.hashtag($0, domain: host) }
        if !last.isEmpty { paragraphs.append(last.joined(separator: " ")) }
        return paragraphs.map { "<p>\($0)</p>" }.joined()
    }

    /// `https://host/@name` of an account.
    func profileURL(of index: Int) -> String {
        let account = accounts[index]
        return "https://\(account.host ?? host)/@\(account.username)"
    }

    private mutating func makeMedia(date: Date, count: Int) -> [MediaRecord] {
        (0..<count).map { _ in
            let type = rng.pick(["image", "image", "image", "image", "gifv", "video", "audio"])
            let ext = ["image": "png", "gifv": "mp4", "video": "mp4", "audio": "mp3"][type]!
            return MediaRecord(
                id: allocateID(for: date), type: type, fileExtension: ext,
                description: rng.chance(0.8) ? rng.pick(Self.altTexts) : nil,
                width: type == "audio" ? 0 : rng.pick([640, 800, 1024, 1280]),
                height: type == "audio" ? 0 : rng.pick([480, 600, 768, 720]),
                blurhash: makeBlurhash(), duration: type == "image" ? nil : Double(rng.int(in: 20...3000)) / 10)
        }
    }

    private mutating func makePoll(date: Date) -> PollRecord {
        let options = rng.sample(["Yes", "No", "Maybe", "はい", "Ask me later"], count: rng.int(in: 2...4))
            .map { PollRecord.Option(title: $0, votes: rng.int(in: 0...50)) }
        return PollRecord(
            id: String(rng.int(in: 1000...99_999)), expiresAt: date.addingTimeInterval(86_400),
            multiple: rng.chance(0.3), options: options,
            voters: options.reduce(0) { $0 + $1.votes })
    }

    private mutating func makeCard(url: String, date: Date) -> CardRecord {
        CardRecord(
            url: url, title: rng.pick(["Archiving the fediverse", "Why SQLite is enough", "Example Domain"]),
            description: rng.pick(["A long read about keeping what you wrote.", "", "Notes & thoughts."]),
            provider: URL(string: url)?.host ?? "", imageID: rng.chance(0.6) ? allocateID(for: date) : nil,
            blurhash: rng.chance(0.6) ? makeBlurhash() : nil)
    }

    /// A syntactically valid 4×3-component blurhash.
    private mutating func makeBlurhash() -> String {
        let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~")
        return "L" + String((0..<27).map { _ in digits[rng.int(digits.count)] })
    }

    static let altTexts = [
        "A cat sleeping on a keyboard.", "Sunset over the river, orange & purple sky.",
        "Screenshot of a terminal showing \"swift test\" passing.", "雪の中の赤い鳥居。",
        "A bar chart of posts per day.",
    ]
}
