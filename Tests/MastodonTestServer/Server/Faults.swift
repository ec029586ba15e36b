import Foundation

/// Faults the server injects into API responses, to test a client's error handling.
///
/// Rates are probabilities (0…1) drawn from a PRNG seeded with ``seed``, so a run is reproducible.
/// Faults apply to `/api/...` and `/oauth/...` requests whose path starts with one of ``pathPrefixes``
/// (all when empty); never to `/__admin/...`. Checks happen in the order the properties are listed.
public struct Faults: Sendable, Codable, Equatable {
    /// Every Nth API request (counting from the moment faults are set) answers 429.
    public var every429: Int?
    /// Share of requests answering `500 {"error":"..."}`.
    public var serverErrorRate: Double = 0
    /// Share of requests answering `503` with a JSON error.
    public var unavailableRate: Double = 0
    /// Share of requests answering `502` with an HTML error page (`text/html`) instead of JSON.
    public var htmlErrorRate: Double = 0
    /// Share of requests answering `404` with an HTML page, as a web server that is not Mastodon does.
    public var notFoundRate: Double = 0
    /// Share of requests whose JSON body is cut in half (status 200, complete `Content-Length`).
    public var truncatedJSONRate: Double = 0
    /// Share of requests whose connection is dropped after half the body was sent.
    public var dropConnectionRate: Double = 0
    /// Share of requests that wait ``hangSeconds`` before answering normally.
    public var hangRate: Double = 0
    /// How long a hanging request waits.
    public var hangSeconds: Double = 5
    /// Share of home-timeline requests answering `206 []` (Mastodon regenerating the feed).
    public var partialHomeRate: Double = 0
    /// Seed of the fault PRNG.
    public var seed: UInt64 = 42
    /// Only requests whose path starts with one of these are affected (empty: all API requests).
    public var pathPrefixes: [String] = []

    /// No faults.
    public init() {}

    /// True when no fault can fire.
    public var isEmpty: Bool { self == Faults(seed: seed) }

    init(seed: UInt64) { self.seed = seed }

    /// Decodes a partial object: missing keys keep their defaults.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        every429 = try c.decodeIfPresent(Int.self, forKey: .every429)
        serverErrorRate = try c.decodeIfPresent(Double.self, forKey: .serverErrorRate) ?? 0
        unavailableRate = try c.decodeIfPresent(Double.self, forKey: .unavailableRate) ?? 0
        htmlErrorRate = try c.decodeIfPresent(Double.self, forKey: .htmlErrorRate) ?? 0
        notFoundRate = try c.decodeIfPresent(Double.self, forKey: .notFoundRate) ?? 0
        truncatedJSONRate = try c.decodeIfPresent(Double.self, forKey: .truncatedJSONRate) ?? 0
        dropConnectionRate = try c.decodeIfPresent(Double.self, forKey: .dropConnectionRate) ?? 0
        hangRate = try c.decodeIfPresent(Double.self, forKey: .hangRate) ?? 0
        hangSeconds = try c.decodeIfPresent(Double.self, forKey: .hangSeconds) ?? 5
        partialHomeRate = try c.decodeIfPresent(Double.self, forKey: .partialHomeRate) ?? 0
        seed = try c.decodeIfPresent(UInt64.self, forKey: .seed) ?? 42
        pathPrefixes = try c.decodeIfPresent([String].self, forKey: .pathPrefixes) ?? []
    }
}

/// The fault chosen for one request.
enum FaultDecision: Sendable {
    case none
    /// Answer this instead of the real reply.
    case replace(Reply)
    /// Send the real reply with only the first half of its body (and a matching Content-Length).
    case truncate
    /// Send the real reply's headers and half its body, then close the connection.
    case dropMidBody
    /// Wait, then send the real reply.
    case hang(seconds: Double)
    /// Send the real reply's body `chunk` bytes at a time, pausing `seconds` before each.
    case slow(chunk: Int, seconds: Double)
    /// Send the real reply's headers with this generated body instead of its own.
    case stream(GzipBomb)
}

/// Decides, request by request, which fault (if any) to inject.
struct FaultInjector: Sendable {
    private(set) var faults: Faults
    private var rng: SplitMix64
    private var counter = 0

    init(_ faults: Faults) {
        self.faults = faults
        rng = SplitMix64(seed: faults.seed)
    }

    mutating func decide(path: String, isHome: Bool) -> FaultDecision {
        guard !faults.isEmpty, path.hasPrefix("/api/") || path.hasPrefix("/oauth/") else { return .none }
        guard faults.pathPrefixes.isEmpty || faults.pathPrefixes.contains(where: path.hasPrefix) else {
            return .none
        }
        counter += 1
        if let n = faults.every429, n > 0, counter % n == 0 { return .replace(.error(429, "Too many requests")) }
        if rng.chance(faults.serverErrorRate) {
            return .replace(.error(500, "We're sorry, but something went wrong"))
        }
        if rng.chance(faults.unavailableRate) { return .replace(.error(503, "Service Unavailable")) }
        if rng.chance(faults.htmlErrorRate) { return .replace(.html(Self.errorPage, status: 502)) }
        // Only drawn when set, so the other faults fire on the same requests as before this one existed.
        if faults.notFoundRate > 0, rng.chance(faults.notFoundRate) {
            return .replace(.html(Self.notFoundPage, status: 404))
        }
        if rng.chance(faults.truncatedJSONRate) { return .truncate }
        if rng.chance(faults.dropConnectionRate) { return .dropMidBody }
        if rng.chance(faults.hangRate) { return .hang(seconds: faults.hangSeconds) }
        if isHome, rng.chance(faults.partialHomeRate) { return .replace(.json(.array([]), status: 206)) }
        return .none
    }

    static let errorPage = """
        <!DOCTYPE html>
        <html><head><title>We're sorry, but something went wrong (502)</title></head>
        <body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>
        """

    static let notFoundPage = """
        <!DOCTYPE html>
        <html><head><title>404 Not Found</title></head>
        <body><h1>Not Found</h1><p>The requested URL was not found on this server.</p></body></html>
        """
}
