import Foundation

/// The server's mutable state and request pipeline: rate limits, faults, logging, routing.
actor ServerState {
    var config: TestServerConfig
    var store: Store
    /// `http://127.0.0.1:PORT`, set once listening.
    var base = ""
    var tokens: [String: Int] = [:]
    var limiter: RateLimiter
    var injector: FaultInjector
    var log: [LoggedRequest] = []
    var oauth = OAuthRegistry()
    var streams = StreamHub()
    /// Where the streams are served (`http://127.0.0.1:PORT`, the second port when separate).
    var streamingBase = ""

    init(config: TestServerConfig) throws {
        self.config = config
        var store = Store(config: config)
        if let dir = config.fixturesDirectory { store.fixtures = try FixtureLoader.load(directory: dir) }
        self.store = store
        limiter = RateLimiter(config.rateLimit)
        injector = FaultInjector(config.faults)
        for (token, username) in config.tokens {
            if let index = store.accountIndex(username: username) { tokens[token] = index }
        }
    }

    func setBase(_ base: String, streaming: String? = nil) {
        self.base = base
        streamingBase = streaming ?? base
    }

    /// Answers one request; the decision tells the HTTP layer about truncation, drops and hangs.
    func handle(_ req: APIRequest, now: Date = Date()) -> (Reply, FaultDecision) {
        if req.path.hasPrefix("/__admin") { return (admin(req), .none) }
        let token = req.bearerToken
        var reply: Reply
        var decision = FaultDecision.none
        var overBudget = false
        var rateRemaining: Int?
        if req.path.hasPrefix("/media/") {
            if let (special, fault) = hostileMedia(req) ?? specialMedia(req) {
                reply = special
                decision = fault
            } else {
                reply = media(req)
            }
        } else {
            let verdict = limiter.consume(token.map { "token:\($0)" } ?? "ip:\(req.clientAddress)", now: now)
            rateRemaining = verdict.remaining
            if !verdict.allowed {
                overBudget = true
                reply = .error(429, "Too many requests")
            } else {
                decision = injector.decide(path: req.path, isHome: req.path == "/api/v1/timelines/home")
                if let (hostile, behaviour) = hostileAPI(req, token: token) {
                    reply = hostile
                    decision = behaviour
                } else if case .replace(let replacement) = decision {
                    reply = replacement
                } else {
                    reply = route(req, token: token)
                }
            }
            if config.hostile.tooManyRequestsRetryAfter == nil {
                for (name, value) in verdict.headers { reply.setHeader(name, value) }
            }
        }
        log.append(
            LoggedRequest(
                method: req.method, path: req.path, query: req.query, hadToken: token != nil,
                status: reply.status, date: now, overBudget: overBudget, rateRemaining: rateRemaining, token: token))
        return (reply, decision)
    }

    /// The caller's account, `.failure` when a token was given but is unknown.
    func viewer(token: String?) -> Result<Int?, ViewerError> {
        guard let token else { return .success(nil) }
        guard let index = tokens[token] else { return .failure(ViewerError()) }
        return .success(index)
    }

    struct ViewerError: Error {}

    /// Dispatches an API request to its endpoint.
    func route(_ req: APIRequest, token: String?) -> Reply {
        let s = req.segments
        let get = req.method == "GET" || req.method == "HEAD"
        if req.method == "POST", s == ["api", "v1", "apps"] { return registerApp(req) }
        if s.first == "oauth" { return oauthEndpoint(req, segments: s) }
        if get, s == ["api", "v2", "instance"] || s == ["api", "v1", "instance"] { return instance() }
        guard case .success(let viewer) = viewer(token: token) else {
            return config.quirks.unknownTokenAsNoUser
                ? .error(401, "This method requires an authenticated user") : .invalidToken
        }
        let call = Call(req: req, viewer: viewer)
        if get, s == ["api", "v2", "search"] { return search(call) }
        guard get, s.count >= 3, s[0] == "api", s[1] == "v1" else { return .notFound }
        switch Array(s.dropFirst(2)) {
        case ["timelines", "home"]: return home(call)
        case ["timelines", "public"]: return publicTimeline(call)
        case let p where p.count == 3 && p[0] == "timelines" && p[1] == "tag": return tagTimeline(call, tag: p[2])
        case let p where p.count == 3 && p[0] == "timelines" && p[1] == "list": return listTimeline(call, id: p[2])
        case ["lists"]: return lists(call)
        case let p where p.count == 2 && p[0] == "lists": return list(call, id: p[1])
        case ["bookmarks"]: return rowTimeline(call, kind: .bookmarks)
        case ["favourites"]: return rowTimeline(call, kind: .favourites)
        case ["notifications"]: return rowTimeline(call, kind: .notifications)
        case ["conversations"]: return conversationPage(call)
        case ["accounts", "verify_credentials"]: return verifyCredentials(call)
        case ["accounts", "lookup"]: return lookupAccount(call)
        case let p where p.count == 3 && p[0] == "accounts" && p[2] == "following":
            return relationPage(call, .following, id: p[1])
        case let p where p.count == 3 && p[0] == "accounts" && p[2] == "followers":
            return relationPage(call, .followers, id: p[1])
        case ["mutes"]: return relationPage(call, .mutes)
        case ["blocks"]: return relationPage(call, .blocks)
        case ["domain_blocks"]: return domainBlockPage(call)
        case ["endorsements"]: return relationPage(call, .endorsements)
        case ["followed_tags"]: return followedTagPage(call)
        case ["featured_tags"]: return featuredTags(call)
        case let p where p.count == 3 && p[0] == "lists" && p[2] == "accounts": return listAccounts(call, id: p[1])
        case ["accounts", "relationships"]: return relationships(call)
        case let p where p.count == 2 && p[0] == "accounts": return account(call, id: p[1])
        case let p where p.count == 3 && p[0] == "accounts" && p[2] == "statuses":
            return accountStatuses(call, id: p[1])
        case ["statuses"]: return severalStatuses(call)
        case let p where p.count == 2 && p[0] == "statuses": return status(call, id: p[1])
        case let p where p.count == 3 && p[0] == "statuses" && p[2] == "context": return context(call, id: p[1])
        case let p where p.count == 3 && p[0] == "statuses" && p[2] == "history": return history(call, id: p[1])
        case let p where p.count == 3 && p[0] == "statuses" && p[2] == "favourited_by":
            return reactionPage(call, statusID: p[1], boosts: false)
        case let p where p.count == 3 && p[0] == "statuses" && p[2] == "reblogged_by":
            return reactionPage(call, statusID: p[1], boosts: true)
        default: return .notFound
        }
    }
}

/// A routed API request with its authenticated account.
struct Call: Sendable {
    let req: APIRequest
    let viewer: Int?
}
