import Foundation

/// An account object as the archive's API gives it: the object its server sent, with the archive's id
/// for it (the full handle `user@host`, the one name the account has in every copy) and `acct` full too,
/// since no account is local to an archive.
enum APIAccountObject {
    /// The full handle of an account object a server at `server` (`https://host`) sent: its `acct` when
    /// that carries a host, else `acct@host`.
    static func handle(_ object: [String: Any], server: String) -> String? {
        guard let acct = object["acct"] as? String, !acct.isEmpty else { return nil }
        return qualified(acct, server: server)
    }

    /// `acct` with the host of `server` added when it has none.
    static func qualified(_ acct: String, server: String) -> String {
        if acct.contains("@") { return acct.lowercased() }
        let host = URL(string: server)?.host ?? server
        return "\(acct)@\(host)".lowercased()
    }

    /// The object with the archive's id and a full `acct`; `handle` when the row already knows it.
    static func rendered(_ object: [String: Any], server: String, handle known: String? = nil) -> [String: Any] {
        var object = object
        if let handle = known ?? handle(object, server: server) {
            object["id"] = handle
            object["acct"] = handle
        }
        // A moved account's new home is an account object too.
        if let moved = object["moved"] as? [String: Any] {
            object["moved"] = rendered(moved, server: server)
        }
        return object
    }
}

/// Account objects for the routes that serve one: an archived account object given the archive's id.
public enum APIAccountJSON {
    /// The archived object of `handle` with the archive's id and a full `acct`.
    public static func rendered(_ object: [String: Any], handle: String) -> [String: Any] {
        APIAccountObject.rendered(object, server: "", handle: handle)
    }

    /// A JSON object (or array) as the API writes it.
    public static func data(_ object: Any) -> Data { APIJSON.data(object) }
}
