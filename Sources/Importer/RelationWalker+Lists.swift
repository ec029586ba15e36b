import ArchiveCore
import Foundation
import MastodonAPI
import Models

/// The walk of an account's lists with their members (issue 44): one request for the lists, then each
/// list's members page by page, in the order of the lists' ids. The walk's cursor names the list under
/// way and the `max_id` of its next page (`ID` or `ID MAX_ID`), so a walk cut short resumes inside the
/// list it stopped in. A whole walk ends the lists it no longer saw and the members no longer on theirs.
extension RelationWalker {
    func walkLists(_ walk: inout RelationWalk, _ context: WalkContext, into report: inout RelationReport) async throws {
        var cursors = Set<String>()
        for _ in 0..<pagesPerRun {
            if await context.rate.isDown {
                report.deferred = true
                return
            }
            let step: Step
            if let cursor = walk.cursor {
                let parts = cursor.split(separator: " ", maxSplits: 1).map(String.init)
                let list = parts.first ?? ""
                let seen = walk
                do {
                    step = try await page(
                        .listAccounts(listID: list), at: parts.count > 1 ? parts[1] : nil, kind: .listMembers,
                        list: list, walk: walk, context, cursors: &cursors, into: &report
                    ) { next in
                        if let next { return list + " " + next }
                        return try await nextList(after: list, of: context.account, walk: seen)
                    }
                } catch let error as APIError where error.httpStatus == 404 {
                    // The list was deleted since the walk read the lists: its members are no longer on it.
                    report.apiError = nil
                    let next = try await nextList(after: list, of: context.account, walk: walk)
                    guard
                        try await archive.storeRelationPage(
                            [], account: context.account.id, kind: .listMembers, walk: walk, next: next) != nil
                    else {
                        report.deferred = true
                        return
                    }
                    step = .stored(next)
                }
            } else {
                step = try await page(
                    .lists, at: nil, kind: .lists, walk: walk, context, paged: false, cursors: &cursors, into: &report
                ) { _ in
                    // The lists are stored with this page: the first one's members come next.
                    nil
                }
                if case .stored = step {
                    walk.cursor = try await nextList(after: nil, of: context.account, walk: walk)
                    guard let first = walk.cursor else { return try await finish(.lists, walk, context, into: &report) }
                    guard
                        try await archive.storeRelationPage(
                            [], account: context.account.id, kind: .lists, walk: walk, next: first) != nil
                    else {
                        report.deferred = true
                        return
                    }
                    continue
                }
            }
            guard case .stored(let next) = step else { return }
            guard let next else { return try await finish(.lists, walk, context, into: &report) }
            walk.cursor = next
        }
    }

    /// The list whose members come after those of `list` (the first when nil): of the lists this walk
    /// saw, the next in the order of their ids (shorter ids first, as numbers are); nil after the last.
    private func nextList(after list: String?, of account: ArchivingAccount, walk: RelationWalk) async throws -> String?
    {
        let lists = try await archive.relationTargets(of: account.id, kind: .lists, seenBy: walk).sorted(
            by: Self.idOrder)
        guard let list else { return lists.first }
        return lists.first { Self.idOrder(list, $0) }
    }

    /// Ids in order: shorter first (as numbers are), then by their characters.
    static func idOrder(_ a: String, _ b: String) -> Bool {
        a.utf8.count != b.utf8.count ? a.utf8.count < b.utf8.count : a < b
    }
}
