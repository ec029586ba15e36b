import ArchiveAPI
import ArchiveCore
import Foundation
import Models

/// One status of the archive's Mastodon API and its thread (issue 45).
extension Reader {
    /// The archived status an API id names; 404 otherwise (an id of another form, or one no status has).
    func apiRow(_ id: String) async throws -> APIStatusRow {
        guard let number = APIStatusID.parts(id)?.number,
            let row = try await store.apiRows(numbers: [number]).first, APIStatusID.string(row.key) == id
        else { throw APIFailure.notFound }
        return row
    }

    /// `/api/v1/statuses/:id`.
    func apiStatus(_ id: String, _ request: APIRequest) async throws -> Reply {
        guard let json = try await apiStatusPage(request).render(try await apiRow(id)) else {
            throw APIFailure.notFound
        }
        return .api(json)
    }

    /// `/api/v1/statuses?id[]=…` (Mastodon 4.3): the statuses of the ids given (at most
    /// ``APIRequest/maximumStatusIDs``), in that order; an id no status has is left out, as Mastodon
    /// leaves out one it does not hold (what a recheck of another Icebox reads as deleted).
    func apiStatuses(_ request: APIRequest) async throws -> Reply {
        let ids = Array(request.list("id").prefix(APIRequest.maximumStatusIDs))
        let numbers = ids.compactMap { APIStatusID.parts($0)?.number }
        let rows = Dictionary(
            try await store.apiRows(numbers: numbers).map { (APIStatusID.string($0.key), $0) },
            uniquingKeysWith: { first, _ in first })
        // Never cut (twenty statuses at most): an id left out reads as a post its server deleted.
        return .api(try await apiStatusPage(request).render(ids.compactMap { rows[$0] }, budget: nil).json)
    }

    /// `/api/v1/statuses/:id/context`: the archived ancestors, oldest first, and the archived replies
    /// below it in the thread's order (`icebox show --thread`'s tree).
    func apiContext(_ id: String, _ request: APIRequest) async throws -> Reply {
        let row = try await apiRow(id)
        let tree = try await store.thread(around: row.number)
        let parents = Dictionary(tree.nodes.map { ($0.number, $0.parent) }, uniquingKeysWith: { first, _ in first })
        var ancestors: [Int64] = []
        var next = parents[row.number] ?? nil
        while let number = next, !ancestors.contains(number) {
            ancestors.insert(number, at: 0)
            next = parents[number] ?? nil
        }
        var below: Set<Int64> = [row.number]
        var descendants: [Int64] = []
        for node in tree.nodes where node.parent.map(below.contains) == true && !below.contains(node.number) {
            below.insert(node.number)
            descendants.append(node.number)
        }
        let rows = Dictionary(
            try await store.apiRows(numbers: ancestors + descendants).map { ($0.number, $0) },
            uniquingKeysWith: { first, _ in first })
        let renderer = apiStatusPage(request)
        // Within one page's bytes for another Icebox: half for the nearest ancestors, half for the first
        // replies.
        let half = APIStatusPage.mirrorPageBytes / 2
        let before = try await renderer.render(ancestors.compactMap { rows[$0] }, keepingLast: true, budget: half).json
        let after = try await renderer.render(descendants.compactMap { rows[$0] }, budget: half).json
        return .api(Data("{\"ancestors\":".utf8) + before + Data(",\"descendants\":".utf8) + after + Data("}".utf8))
    }
}

extension Reader {
    /// `/api/v1/statuses/:id/history`.
    func apiHistory(_ id: String, _ request: APIRequest) async throws -> Reply {
        let row = try await apiRow(id)
        let versions = try await store.editHistory(of: row.number)
        return .api(APIStatusHistory.data(versions: versions, current: row, mirror: request.mirror))
    }

    /// `/api/v1/statuses/:id/favourited_by` and `/reblogged_by`: who the archive knows favourited or
    /// boosted it (the boosts it holds, and its author's notifications), as account objects, at most
    /// `limit` (default 40, at most 80) from the start.
    func apiReactions(_ id: String, type: String, _ request: APIRequest) async throws -> Reply {
        let row = try await apiRow(id)
        let reactions =
            type == "reblog"
            ? try await store.boostedBy(row.number) : try await store.reactions(to: row.number, type: type)
        let limit = APIPaging(request.parameters, defaultLimit: 40, maximumLimit: 80).limit
        var accounts: [[String: Any]] = []
        let own = try await store.accounts()
        for reaction in reactions.prefix(limit) {
            accounts.append(
                try await apiAccountObject(reaction.handle, accounts: own)
                    ?? [
                        "id": reaction.handle, "acct": reaction.handle, "username": reaction.handle,
                        "display_name": reaction.name,
                    ])
        }
        return .api(APIAccountJSON.data(accounts))
    }
}
