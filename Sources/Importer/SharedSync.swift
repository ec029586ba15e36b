import ArchiveCore
import Foundation
import Logging

/// A sync on a store many workers share (PostgreSQL): the worker takes one server at a time under a
/// lease, syncs that server's timelines with the budget the last worker left in the store, keeps the
/// budget current after every response, renews the lease while it works and gives the server back when
/// done. Servers another worker holds are left to it. A worker killed with kill -9 loses nothing: each
/// page was committed with its cursor, and its leases expire.
struct SharedSync: Sendable {
    let synchronizer: Synchronizer
    let work: any SharedWork

    /// A name for this worker: host, process id and a random part (two runs never share one).
    static func workerID() -> String {
        let host = ProcessInfo.processInfo.hostName
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        return "\(host):\(ProcessInfo.processInfo.processIdentifier):\(random)"
    }

    func run(
        _ timelines: [PinnedTimeline], accounts: [ArchivingAccount],
        progress: @escaping @Sendable (SyncProgress) -> Void
    ) async -> [TimelineReport] {
        let byServer = Dictionary(grouping: timelines, by: \.server)
        let queue = ServerQueue(Array(byServer.keys))
        let options = synchronizer.options
        let round: WorkRound
        do {
            round = try await work.beginRound()
        } catch {
            synchronizer.logger.error("cannot begin a round of shared work", metadata: ["error": "\(error)"])
            return []
        }
        var reports: [TimelineReport] = []
        await withTaskGroup(of: [TimelineReport].self) { group in
            // Each slot claims under its own name, so two slots never hold the same server.
            for slot in 0..<max(1, options.serverConcurrency) {
                group.addTask {
                    var done: [TimelineReport] = []
                    let holder = "\(options.workerID)#\(slot)"
                    while let server = await claim(queue, holder: holder, round: round) {
                        done += await syncServer(
                            server, byServer[server] ?? [], holder: holder, accounts: accounts,
                            progress: progress)
                    }
                    return done
                }
            }
            for await part in group { reports += part }
        }
        return reports.sorted { $0.timelineID < $1.timelineID }
    }

    /// The next server this worker may take, or `nil` when the others are all held by other workers or
    /// were done by them since this round began.
    private func claim(_ queue: ServerQueue, holder: String, round: WorkRound) async -> String? {
        while true {
            let left = await queue.left
            guard !left.isEmpty else { return nil }
            do {
                guard
                    let server = try await work.claimServer(
                        among: left, holder: holder,
                        for: synchronizer.options.leaseDuration,
                        round: round)
                else { return nil }
                if await queue.take(server) { return server }
                // Another slot of this worker took it in the meantime: give it back and try again.
                try await work.releaseLease(server: server, holder: holder)
            } catch {
                synchronizer.logger.error("cannot claim a server", metadata: ["error": "\(error)"])
                return nil
            }
        }
    }

    /// Syncs one server's timelines under its lease, renewed while the work lasts.
    private func syncServer(
        _ server: String, _ timelines: [PinnedTimeline], holder: String,
        accounts: [ArchivingAccount],
        progress: @escaping @Sendable (SyncProgress) -> Void
    ) async -> [TimelineReport] {
        let logger = synchronizer.logger
        let lease = synchronizer.options.leaseDuration
        let work = self.work
        logger.info("syncing a server under a lease", metadata: ["server": "\(server)", "holder": "\(holder)"])
        let reports = await withTaskGroup(of: [TimelineReport]?.self) { group -> [TimelineReport] in
            group.addTask {
                // The lease's heartbeat; a lease lost (this worker stalled past it) stops the work.
                while !Task.isCancelled {
                    try? await Task.sleep(for: lease / 3)
                    guard !Task.isCancelled else { return nil }
                    if (try? await work.renewLease(server: server, holder: holder, for: lease)) != true {
                        logger.error(
                            "lost the lease; leaving the server to the worker that took it",
                            metadata: ["server": "\(server)"])
                        return []
                    }
                }
                return nil
            }
            group.addTask {
                // Every page commits only while this worker still holds the lease (see LeaseFence).
                var options = synchronizer.options
                options.fence = LeaseFence(server: server, holder: holder)
                let fenced = Synchronizer(
                    archive: synchronizer.archive, credentials: synchronizer.credentials,
                    options: options, logger: logger)
                return await SharedSync(synchronizer: fenced, work: work)
                    .syncTimelines(timelines, server: server, accounts: accounts, progress: progress)
            }
            var result: [TimelineReport] = []
            while let finished = await group.next() {
                guard let finished else { continue }
                result = finished
                group.cancelAll()
                break
            }
            return result
        }
        do {
            try await work.releaseLease(server: server, holder: holder)
        } catch {
            logger.error(
                "could not give a server back (its lease will expire)",
                metadata: [
                    "server": "\(server)",
                    "error": "\(error)",
                ])
        }
        return reports
    }

    /// One server's timelines, one after another; each client's budget starts from the store's.
    func syncTimelines(
        _ timelines: [PinnedTimeline], server: String, accounts: [ArchivingAccount],
        progress: @escaping @Sendable (SyncProgress) -> Void
    ) async -> [TimelineReport] {
        let options = synchronizer.options
        let work = self.work
        let logger = synchronizer.logger
        var budgets: [String: RateBudget] = [:]
        var done: [TimelineReport] = []
        for timeline in timelines.sorted(by: { $0.id < $1.id }) {
            let client = timeline.accountID.map { "\($0)" } ?? "anonymous"
            let host = timeline.server.hostPart
            var budget = budgets[client]
            if budget == nil {
                let saved = try? await work.savedBudget(server: host, client: client)
                budget = RateBudget(
                    server: host, reserve: options.rateReserve, maxWait: options.maxRateWait,
                    logger: logger, saved: saved
                ) { snapshot in
                    do {
                        try await work.saveBudget(snapshot, server: host, client: client)
                    } catch {
                        logger.warning("could not keep the rate budget in the store", metadata: ["error": "\(error)"])
                    }
                }
                budgets[client] = budget
            }
            guard let budget, !Task.isCancelled else { break }
            done.append(await synchronizer.sync(timeline, accounts: accounts, budget: budget, progress: progress))
            progress(SyncProgress(timeline: timeline.displayName, activity: .finished))
        }
        return done
    }
}

/// The servers of this run not taken yet by this worker.
private actor ServerQueue {
    private(set) var left: [String]

    init(_ servers: [String]) { left = servers.sorted() }

    /// Takes `server` off the list; false when another slot already had.
    func take(_ server: String) -> Bool {
        guard let index = left.firstIndex(of: server) else { return false }
        left.remove(at: index)
        return true
    }
}
