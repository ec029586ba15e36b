import Display
import Foundation

extension Reader {
    /// The CLI's records as `--json` prints them (`JSONOutput`): the same keys, nulls and escaping.
    func json<T: Encodable>(_ value: T) throws -> Reply {
        .json(try JSONOutput.document(value))
    }

    /// `{"error": "…"}` for a page a machine asked for that cannot be shown.
    static func jsonError(_ message: String) -> Data {
        (try? JSONOutput.document(["error": message])) ?? Data("{}\n".utf8)
    }
}
