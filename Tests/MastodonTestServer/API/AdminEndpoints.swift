import Foundation

/// `/__admin/...`: the HTTP form of ``TestServer``'s control API, for shells and other processes.
/// Parameters come from the query string, a form body or a JSON object body.
extension ServerState {
    func admin(_ req: APIRequest) -> Reply {
        let s = Array(req.segments.dropFirst())
        switch (req.method, s) {
        case ("GET", ["state"]): return encoded(snapshot())
        case ("POST", ["statuses"]):
            return idsReply(addStatuses(Int(req.param("count") ?? "1") ?? 1))
        case ("POST", ["statuses", "backdated"]):
            return idsReply(
                addBackdatedStatuses(
                    Int(req.param("count") ?? "1") ?? 1,
                    secondsAgo: Double(req.param("seconds_ago") ?? "3600") ?? 3600))
        case ("POST", let p) where p.count == 3 && p[0] == "statuses" && p[2] == "edit":
            guard let content = req.param("content"),
                editStatus(id: p[1], content: content, spoilerText: req.param("spoiler_text"))
            else { return .notFound }
            return .json(store.renderStatus(p[1], base: base, viewer: nil))
        case ("DELETE", let p) where p.count == 2 && p[0] == "statuses",
            ("POST", let p) where p.count == 3 && p[0] == "statuses" && p[2] == "delete":
            return deleteStatus(id: p[1]) ? .json([:]) : .notFound
        case ("POST", ["tokens"]):
            guard let token = req.param("token"), let user = req.param("username"),
                setToken(token, username: user)
            else { return .error(422, "token and a known username required") }
            return .json(["token": .string(token), "username": .string(user)])
        case ("DELETE", let p) where p.count == 2 && p[0] == "tokens":
            removeToken(p[1])
            return .json([:])
        case ("POST", ["rate_limit"]):
            setRateLimit(
                RateLimit(
                    limit: Int(req.param("limit") ?? "") ?? config.rateLimit.limit,
                    window: Double(req.param("window") ?? "") ?? config.rateLimit.window))
            return encoded(config.rateLimit)
        case ("POST", ["rate_limit", "reset"]):
            resetRateLimits()
            return .json([:])
        case ("POST", ["access"]): return setAccess(req)
        case ("POST", ["faults"]):
            guard
                let faults = try? JSONDecoder().decode(Faults.self, from: req.body.isEmpty ? Data("{}".utf8) : req.body)
            else { return .error(422, "body must be a JSON Faults object") }
            setFaults(faults)
            return encoded(faults)
        case ("DELETE", ["faults"]):
            setFaults(Faults())
            return .json([:])
        case ("GET", ["requests"]): return encoded(log)
        case ("DELETE", ["requests"]):
            clearRequestLog()
            return .json([:])
        case ("POST", ["bookmarks"]), ("POST", ["favourites"]):
            guard let sid = req.param("status_id"), let user = req.param("username") else { return .notFound }
            let row =
                s == ["bookmarks"] ? bookmark(statusID: sid, username: user) : favourite(statusID: sid, username: user)
            return row.map { .json(["row_id": .string(String($0))]) } ?? .notFound
        case ("GET", ["timeline"]):
            guard let timeline = Self.timeline(kind: req.param("kind") ?? "", arg: req.param("arg") ?? "") else {
                return .notFound
            }
            return idsReply(timelineIDs(timeline))
        default: return .notFound
        }
    }

    private func setAccess(_ req: APIRequest) -> Reply {
        var access = config.timelinesAccess
        func value(_ name: String) -> FeedAccess? { req.param(name).flatMap(FeedAccess.init(rawValue:)) }
        if let all = value("all") { access = TimelinesAccess(all: all) }
        access.liveFeedsLocal = value("live_local") ?? access.liveFeedsLocal
        access.liveFeedsRemote = value("live_remote") ?? access.liveFeedsRemote
        access.hashtagFeedsLocal = value("hashtag_local") ?? access.hashtagFeedsLocal
        access.hashtagFeedsRemote = value("hashtag_remote") ?? access.hashtagFeedsRemote
        setTimelinesAccess(access)
        return encoded(access)
    }

    static func timeline(kind: String, arg: String) -> Timeline? {
        switch kind {
        case "home": .home(arg)
        case "local": .local
        case "federated": .federated
        case "remote": .remote
        case "tag": .tag(arg)
        case "list": .list(arg)
        case "account": .account(arg)
        case "bookmarks": .bookmarks(arg)
        case "favourites": .favourites(arg)
        case "mentions": .mentions(arg)
        default: nil
        }
    }

    private func idsReply(_ ids: [String]) -> Reply { .json(["ids": .array(ids.map(JSON.string))]) }

    private func encoded(_ value: some Encodable) -> Reply {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(value) else { return .error(500, "encoding failed") }
        return Reply(status: 200, contentType: Reply.jsonType, body: data)
    }
}
