import Foundation

/// PostgreSQL's password file (`~/.pgpass`, or the file `PGPASSFILE` names), read as libpq reads it:
/// lines of `hostname:port:database:username:password`, `*` matching anything, `\:` and `\\` escaped,
/// the first matching line winning. A file that others may read is ignored, as libpq ignores it.
public enum PasswordFile {
    /// The password for `location` from the file at `path`; `nil` when the file is absent, readable by
    /// others, or has no matching line.
    public static func password(for location: PostgresLocation, in path: String) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let permissions = (attributes[.posixPermissions] as? NSNumber)?.intValue, permissions & 0o077 == 0,
            let text = try? String(contentsOfFile: path, encoding: .utf8)
        else { return nil }
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let fields = split(String(line))
            guard fields.count == 5 else { continue }
            let wanted = [location.host, String(location.port), location.database, location.user]
            if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0 == $1 }) { return fields[4] }
        }
        return nil
    }

    /// Refuses a URL given on the command line (`--store`, `migrate --to`) that carries a password:
    /// every user of the machine can read a process's arguments (`ps`). The message names where a
    /// password goes instead and never repeats it.
    public static func refuseInURL(_ location: PostgresLocation) throws(PostgresLocation.Invalid) {
        guard location.password != nil else { return }
        throw PostgresLocation.Invalid(
            description: "the store URL \(location.description) carries a password, which "
                + "every user of this machine can read in the process list (ps); leave it out of the URL and give it in "
                + "PGPASSWORD, or in a password file only you can read (PGPASSFILE, else ~/.pgpass, mode 600, lines of "
                + "host:port:database:user:password)")
    }

    /// The password for `location`: in its URL, else `PGPASSWORD`, else the password file (`PGPASSFILE`,
    /// or `~/.pgpass` under `HOME`). `environment` is the process's, passed in.
    public static func resolve(_ location: PostgresLocation, environment: [String: String]) -> PostgresLocation {
        guard location.password == nil else { return location }
        var resolved = location
        if let password = environment["PGPASSWORD"], !password.isEmpty {
            resolved.password = password
        } else if let path = environment["PGPASSFILE"] ?? environment["HOME"].map({ $0 + "/.pgpass" }) {
            resolved.password = password(for: location, in: path)
        }
        return resolved
    }

    /// The fields of one line, `\:` and `\\` unescaped.
    static func split(_ line: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }
}
