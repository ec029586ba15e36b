import Foundation

/// The two kinds of line an HTTP answer's head is made of, read the one way both of Icebox's readers
/// need: ``HTTPResponseReader`` (event streams, whole heads) and ``EasyExchange`` (libcurl's lines).
enum HTTPHeadLine {
    /// The version and status of a status line (`HTTP/1.1 200 OK`, `HTTP/2 404`); nil when it is not one
    /// or its status is not a three-digit HTTP status.
    static func status(_ line: some StringProtocol) -> (version: String, status: Int)? {
        let parts = line.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let status = Int(parts[1]), (100...599).contains(status)
        else { return nil }
        return (String(parts[0]), status)
    }

    /// The name and value of a header line, blanks around both left out; nil without a colon.
    static func field(_ line: some StringProtocol) -> (name: String, value: String)? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        return (
            String(line[..<colon]).trimmingCharacters(in: .whitespaces),
            String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        )
    }
}
