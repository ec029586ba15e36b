import Foundation
import Hummingbird

/// The parameters of an OAuth or app-registration request: a query, or a body of either kind apps send
/// (`application/x-www-form-urlencoded`, as Mastodon.py and toot do, or JSON, as Ice Cubes does),
/// read only up to ``maximumBodyBytes``. A value may be a string or a list of strings (`redirect_uris`).
struct OAuthParameters: Sendable {
    /// The most a body may hold; a larger one is refused (413) before it is parsed.
    static let maximumBodyBytes = 64 * 1024

    private var values: [String: [String]]

    /// The first value of `name`, or `nil`.
    subscript(_ name: String) -> String? { values[name]?.first }

    /// Every value of `name`: a list's items, or a string's lines.
    func list(_ name: String) -> [String] {
        (values[name] ?? []).flatMap { $0.split(whereSeparator: \.isNewline) }.map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
    }

    /// The query's parameters (`+` is a space, as in a form).
    static func query(_ request: Request) throws(OAuthFailure) -> OAuthParameters {
        try form(request.uri.query ?? "")
    }

    /// The body's parameters: JSON when its `Content-Type` says so, a form otherwise.
    static func body(_ request: Request) async throws(OAuthFailure) -> OAuthParameters {
        var request = request
        let buffer: ByteBuffer
        do { buffer = try await request.collectBody(upTo: maximumBodyBytes) } catch { throw .tooLarge }
        let text = String(buffer: buffer)
        guard (request.headers[.contentType] ?? "").lowercased().contains("json") else { return try form(text) }
        do {
            return OAuthParameters(
                values: try JSONDecoder().decode([String: Value].self, from: Data(text.utf8))
                    .mapValues(\.strings))
        } catch { throw .invalidRequest }
    }

    private static func form(_ text: String) throws(OAuthFailure) -> OAuthParameters {
        do {
            return OAuthParameters(
                values: try URLEncodedFormDecoder().decode([String: Value].self, from: text).mapValues(\.strings))
        } catch { throw .invalidRequest }
    }

    /// One parameter's value as sent: a string, a list of strings, or a JSON number or boolean (kept as
    /// text); anything else is no value.
    private struct Value: Decodable {
        var strings: [String]

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                strings = [text]
            } else if let list = try? container.decode([String].self) {
                strings = list
            } else if let flag = try? container.decode(Bool.self) {
                strings = [String(flag)]
            } else if let number = try? container.decode(Double.self) {
                strings = [String(number)]
            } else {
                strings = []
            }
        }
    }
}
