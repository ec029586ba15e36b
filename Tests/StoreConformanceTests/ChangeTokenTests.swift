import ArchiveCore
import Foundation
import IceboxTestSupport
import Testing

/// A store's change token (what `icebox serve` keeps its totals under) moves with every commit.
@Suite struct ChangeTokenTests {
    @Test(arguments: StoreKind.allCases)
    func theTokenMovesWhenSomethingIsCommitted(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "token") { test in
            let store = test.store
            let before = try await Self.settledToken(store)
            // PostgreSQL's moves with any write to the cluster (other tests write beside this one).
            if kind == .sqlite { #expect(try await store.changeToken() == before, "nothing was committed") }
            try await store.addTimeline(spec: "local", accountID: nil, server: "a.test")
            let after = try await Self.settledToken(store)
            #expect(after != before)
        }
    }

    /// The token once the store gives one (SQLite gives none for two seconds after a write).
    private static func settledToken(_ store: any ArchiveStore) async throws -> String {
        for _ in 0..<40 {
            if let token = try await store.changeToken() { return token }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("the store gave no change token within 4 s")
        return ""
    }
}
