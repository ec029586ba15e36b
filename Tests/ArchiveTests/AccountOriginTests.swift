import ArchiveCore
import Foundation
import GRDB
import Logging
import Testing

@testable import Archive

/// Accounts are the origin that issued their token plus their id there; the handle is a label.
@Suite struct AccountOriginTests {
    @Test func oneHandleOnTwoServersOrTwoPortsIsThreeAccounts() async throws {
        let archive = try TemporaryArchive()
        let db = archive.database
        for server in ["https://legit.social", "http://127.0.0.2:8080", "http://127.0.0.2:8081"] {
            try await db.addAccount(
                handle: "alice@legit.social", server: server, remoteID: "1", username: "alice",
                displayName: "", url: nil)
        }
        let accounts = try await db.accounts()
        #expect(accounts.map(\.server) == ["https://legit.social", "http://127.0.0.2:8080", "http://127.0.0.2:8081"])
        #expect(accounts.matching("alice@legit.social").count == 3, "a handle alone is ambiguous")
        #expect(accounts.matching("http://127.0.0.2:8081").map(\.server) == ["http://127.0.0.2:8081"])
        // Adding one again refreshes that account only.
        try await db.addAccount(
            handle: "mallory@evil", server: "http://127.0.0.2:8080", remoteID: "1", username: "m",
            displayName: "", url: nil)
        #expect(try await db.accounts().map(\.handle) == ["alice@legit.social", "mallory@evil", "alice@legit.social"])
    }

    /// `--account bob` takes a user name as the REPL does, when one account has it (issue 42, old #19).
    @Test func aBareUserNameNamesTheAccountsWithIt() async throws {
        let archive = try TemporaryArchive()
        let db = archive.database
        for (handle, server) in [
            ("bob@one.social", "https://one.social"), ("alice@one.social", "https://one.social"),
            ("alice@two.social", "https://two.social"),
        ] {
            try await db.addAccount(
                handle: handle, server: server, remoteID: handle, username: String(handle.prefix { $0 != "@" }),
                displayName: "", url: nil)
        }
        let accounts = try await db.accounts()
        #expect(accounts.matching("bob").map(\.handle) == ["bob@one.social"])
        #expect(accounts.matching("@BOB").map(\.handle) == ["bob@one.social"])
        #expect(accounts.matching("@bob@one.social").map(\.handle) == ["bob@one.social"])
        #expect(accounts.matching("alice").count == 2, "a user name on two servers is ambiguous")
        #expect(accounts.matching("carol").isEmpty && accounts.matching("bo").isEmpty)
    }

    @Test func anArchiveKeyedByHandleUpgradesKeepingItsAccountsAndTimelines() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "icebox-old-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "archive.sqlite")
        // An archive as 0005 left it: accounts unique by handle, a timeline pinned for one.
        let before = SchemaMigrations.all.prefix { $0.name < "0006" }.count
        try OlderArchive.write(at: path, migrations: before) { db in
            try db.execute(
                sql: """
                    INSERT INTO archiving_accounts(id, handle, server, remote_id, username, added_at)
                    VALUES (7, 'alice@legit.social', 'https://legit.social', '1', 'alice', '2026-01-01T00:00:00.000Z')
                    """)
            try db.execute(
                sql: """
                    INSERT INTO timelines(spec, account_id, server, added_at)
                    VALUES ('home', 7, 'https://legit.social', '2026-01-01T00:00:00.000Z')
                    """)
        }
        let archive = try ArchiveDatabase(path: path, logger: Logger(label: "test"))
        #expect(try await archive.accounts().map(\.id) == [7])
        #expect(try await archive.timelines().map(\.accountID) == [7])
        try await archive.addAccount(
            handle: "alice@legit.social", server: "http://127.0.0.2:8080", remoteID: "1",
            username: "alice", displayName: "", url: nil)
        #expect(try await archive.accounts().map(\.server) == ["https://legit.social", "http://127.0.0.2:8080"])
        #expect(try await archive.integrityCheck() == "ok")
    }

    @Test func aTokenIsFoundOnlyForTheOriginThatIssuedIt() throws {
        let legit = AccountIdentity(origin: "https://legit.social", remoteID: "1")
        let hostile = AccountIdentity(origin: "http://127.0.0.2:8080", remoteID: "1")
        var credentials = Credentials()
        credentials.setToken("legit-token", for: legit, handle: "alice@legit.social")
        credentials.setToken("hostile-token", for: hostile, handle: "alice@legit.social")
        #expect(credentials.token(for: legit, handle: "alice@legit.social")?.accessToken == "legit-token")
        #expect(credentials.token(for: hostile, handle: "alice@legit.social")?.accessToken == "hostile-token")
        #expect(
            credentials.token(for: .init(origin: "http://127.0.0.2:8081", remoteID: "1"), handle: "alice@legit.social")
                == nil)
    }

    @Test func anOlderCredentialsFileStaysReadableForItsOwnOriginOnly() throws {
        let archive = try TemporaryArchive()
        let store = CredentialStore(
            file: archive.directory.appending(path: "credentials.json"), logger: Logger(label: "t"))
        // As Icebox wrote it before: keyed by handle, recording the server that issued the token.
        try Data(
            """
            {"apps": {}, "tokens": {"alice@legit.social": {"server": "https://legit.social", "access_token": "old-token"}}}
            """.utf8
        ).write(to: store.file)
        var loaded = try store.load()
        let legit = AccountIdentity(origin: "https://legit.social", remoteID: "1")
        #expect(loaded.token(for: legit, handle: "alice@legit.social")?.accessToken == "old-token")
        #expect(
            loaded.token(for: .init(origin: "http://127.0.0.2:8080", remoteID: "1"), handle: "alice@legit.social")
                == nil,
            "another server reporting the same handle does not get it")
        // Stored again, it moves under the account's identity.
        loaded.setToken("new-token", for: legit, handle: "alice@legit.social")
        #expect(loaded.tokens.keys.sorted() == ["1@https://legit.social"])
    }
}
