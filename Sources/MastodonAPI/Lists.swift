import Foundation

/// The user's lists: all of them, or one by id (a 404 when it is not theirs or does not exist).
public enum Lists: Endpoint, Hashable {
    case all
    case list(id: String)

    public var path: String {
        switch self {
        case .all: "/api/v1/lists"
        case .list(let id): "/api/v1/lists/\(segment(id))"
        }
    }
    public var requiresToken: Bool { true }
}
