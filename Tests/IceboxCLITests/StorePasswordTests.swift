import Foundation
import IceboxTestSupport
import Testing

/// A password inside a store URL on the command line would show in `ps` to every user of the machine:
/// refused (exit 64), never repeated, with a pointer to where a password goes.
@Suite struct StorePasswordTests {
    @Test func aPasswordInAStoreURLIsRefusedWithoutEchoingIt() async throws {
        let url = "postgres://icebox:hunter2-sekrit@127.0.0.1:9/archive?sslmode=disable"
        for arguments in [["search", "cats", "--store", url], ["doctor", "--store", url], ["migrate", "--to", url]] {
            let result = try await CLI().run(arguments)
            #expect(result.status == 64, "\(arguments[0]): \(result.stderr)")
            #expect(result.stderr.contains("PGPASSWORD") && result.stderr.contains("PGPASSFILE"), "\(result.stderr)")
            #expect(!(result.stdout + result.stderr).contains("hunter2"), "\(result.stderr)")
        }
    }
}
