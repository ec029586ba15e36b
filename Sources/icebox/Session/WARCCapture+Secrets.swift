import Foundation
import Transport

/// The tokens of a capture's requests, withheld from everything it writes: not only the request's
/// `Authorization` header, but any place a server echoes one back (a response header, an error page, a
/// stream event). Each token is learnt from the requests that carry it, before the exchange is written.
final class CapturedSecrets: @unchecked Sendable {
    /// What stands where a token was.
    static let marker = "[withheld by Icebox]"
    private let lock = NSLock()
    private var tokens: [Data] = []

    /// Learns the token of a request's `Authorization` header (`Bearer <token>`).
    func learn(from headers: [(name: String, value: String)]) {
        for (name, value) in headers where name.lowercased() == "authorization" {
            let token = value.split(separator: " ", maxSplits: 1).last.map(String.init) ?? value
            // A token is long; a short value would withhold ordinary words.
            guard token.count >= 8, token != Self.marker else { continue }
            let bytes = Data(token.utf8)
            lock.withLock { if !tokens.contains(bytes) { tokens.append(bytes) } }
        }
    }

    /// `data` with every token it holds replaced by ``marker``.
    func withheld(_ data: Data) -> Data {
        var result = data
        for token in lock.withLock({ tokens }) {
            var from = result.startIndex
            while let found = result.range(of: token, in: from..<result.endIndex) {
                result.replaceSubrange(found, with: Data(Self.marker.utf8))
                from = found.lowerBound + Self.marker.utf8.count
            }
        }
        return result
    }

    func withheld(_ text: String) -> String { String(decoding: withheld(Data(text.utf8)), as: UTF8.self) }

    func withheld(_ url: URL) -> URL { URL(string: withheld(url.absoluteString)) ?? url }

    /// The exchange as it may be written: its token, learnt from its own request, withheld everywhere.
    func withheld(_ exchange: CapturedExchange) -> CapturedExchange {
        learn(from: exchange.requestHeaders)
        var copy = exchange
        copy.url = withheld(exchange.url)
        copy.responseURL = exchange.responseURL.map { withheld($0) }
        copy.requestHeaders = exchange.requestHeaders.map { ($0.name, withheld($0.value)) }
        copy.requestBody = exchange.requestBody.map { withheld($0) }
        copy.responseHeaders = exchange.responseHeaders.map { ($0.name, withheld($0.value)) }
        copy.body = withheld(exchange.body)
        return copy
    }

    func withheld(_ event: StreamedEvent) -> StreamedEvent {
        var copy = event
        copy.url = withheld(event.url)
        copy.name = withheld(event.name)
        copy.data = withheld(event.data)
        return copy
    }
}
