import Foundation
import Models
import SearchQuery

/// Where an archive is kept: the seam every reader and writer of the archive goes through.
///
/// Two stores implement it: ``ArchiveDatabase`` (one SQLite file, the default) and the PostgreSQL store
/// of the `ArchivePostgres` module (a shared store for teams). Both keep the same things with the same
/// rules (a page and its cursor in one transaction, one row per post keyed by its uri, earlier versions
/// kept, unreadable statuses kept byte for byte), so every front end works with either; the conformance
/// suite (`Tests/StoreConformanceTests`) runs the same checks on both.
public protocol ArchiveStore: MediaCatalogue, StoreRows, StoreHealth, StoreSettings {
    /// Where the store is, for messages: a file path, or a PostgreSQL URL without its password.
    var location: String { get }
    /// The driver's narrow executor, which the flows written once beside the seam run on.
    var executor: StoreExecutor { get }
    /// The file the archive is when the store is one file (SQLite's), `nil` for a database server: a
    /// sync keeps its media beside it unless told where.
    var file: URL? { get }

    // MARK: Accounts and timelines

    /// Adds the account, or brings back one that was removed, refreshing its profile.
    @discardableResult
    func addAccount(
        handle: String, server: String, remoteID: String, username: String,
        displayName: String, url: String?
    ) async throws(ArchiveError) -> ArchivingAccount
    /// The account in use with this identity, if any.
    func account(_ identity: AccountIdentity) async throws(ArchiveError) -> ArchivingAccount?
    /// The accounts in use, in the order they were added.
    func accounts() async throws(ArchiveError) -> [ArchivingAccount]
    /// Removes an account and unpins its timelines; what it archived stays.
    func removeAccount(id: Int64) async throws(ArchiveError)

    /// Pins a timeline; `accountID` is `nil` for timelines read without login.
    @discardableResult
    func addTimeline(spec: String, accountID: Int64?, server: String) async throws(ArchiveError) -> PinnedTimeline
    /// The pinned timelines, in the order they were added.
    func timelines() async throws(ArchiveError) -> [PinnedTimeline]
    /// The media attachments of each timeline's statuses, and how many are stored (timelines without
    /// attachments are left out).
    func timelineMedia() async throws(ArchiveError) -> [TimelineMedia]
    /// One pinned timeline by id.
    func timeline(id: Int64) async throws(ArchiveError) -> PinnedTimeline
    /// Unpins a timeline; what it archived stays.
    func removeTimeline(id: Int64) async throws(ArchiveError)
    /// Records how the last sync of a timeline ended.
    func recordSyncResult(timelineID: Int64, result: String, error: String?) async throws(ArchiveError)
    /// Moves a timeline's cursors without storing statuses (an empty page).
    func updateCursor(timelineID: Int64, _ update: CursorUpdate) async throws(ArchiveError)
    /// The id on `server` of the timeline's `depth`-th newest archived status (0 is the newest).
    func overlapCursor(timelineID: Int64, server: String, depth: Int) async throws(ArchiveError) -> String?
    /// How many of these archive keys (uris) the timeline already holds.
    func countInTimeline(_ keys: [String], timelineID: Int64) async throws(ArchiveError) -> Int

    // MARK: Storing

    /// Stores a page (its statuses, the ones that could not be read, and the timeline's cursors when
    /// `cursor` is given) in one transaction; one status that cannot be stored never costs its neighbours.
    func store(
        _ statuses: [ArchivableStatus], unreadable: [UnreadableStatus], origin: PageOrigin,
        cursor: CursorUpdate?
    ) async throws(ArchiveError) -> StoreResult
    /// Stores fetched pages in order, in as few transactions as the store can (SQLite: one), each page's
    /// cursors always in the same transaction as its statuses, so a crash loses whole pages and never
    /// moves a cursor past a page it did not keep. One result per page, in order.
    func store(pages: [FetchedPage]) async throws(ArchiveError) -> [StoreResult]
    /// Records that `server` (`host[:port]`) says statuses are gone, in one transaction, leaving the
    /// deletion policy to the caller: ``markGone(_:reportedBy:at:via:)`` (what everyone calls) applies it
    /// after. A status is marked gone only when `server` speaks for it (``DeletionAuthority``: its
    /// origin, or a server of one of the user's accounts); for the others only `server`'s own copy is
    /// marked. A status already marked keeps its first record.
    func recordGone(
        _ numbers: [Int64], reportedBy server: String, at date: Date,
        via source: DeletionSource
    ) async throws(ArchiveError) -> DeletionAuthority.Outcome
    /// What the store does with deleted posts (`icebox config deletions`); `.keep` unless set.
    func deletionPolicy() async throws(ArchiveError) -> DeletionPolicy
    /// Sets the deletion policy; `redact` at once redacts the statuses already marked gone.
    func setDeletionPolicy(_ policy: DeletionPolicy) async throws(ArchiveError)
    /// Removes the text and media links of gone statuses (and their boosts) not yet redacted, keeping
    /// tombstones; returns how many rows it redacted.
    @discardableResult
    func redactGone() async throws(ArchiveError) -> Int
    /// Statuses not marked gone, created at `since` (the archive's date format) or later, that have an id
    /// on `server`, numbered above `after`, in number order: what `sync --recheck` asks about again.
    func recheckCandidates(
        server: String, since: String, after: Int64,
        limit: Int
    ) async throws(ArchiveError) -> [RecheckCandidate]

    // MARK: The gap ledger

    /// Records a window of a timeline that could not be read, unless the same one (timeline, cause,
    /// lower bound) is open already; a missing `fromTime` is read from the status `fromID` names on
    /// `server`. Returns the gap's id.
    @discardableResult
    func openGap(_ gap: TimelineGap, server: String) async throws(ArchiveError) -> Int64
    /// The gaps of one timeline (all when `nil`), open ones only unless `includingClosed`, oldest first.
    func gaps(timelineID: Int64?, includingClosed: Bool) async throws(ArchiveError) -> [TimelineGap]
    /// Marks gaps closed: a later catch-up (`by`: sync) or `watch` read through them.
    func closeGaps(_ ids: [Int64], by closer: String) async throws(ArchiveError)
    /// Statuses a timeline received per hour over the `days` days before its newest (by their dates);
    /// nil when it holds too few to tell.
    func entryRate(timelineID: Int64, days: Int) async throws(ArchiveError) -> Double?

    // MARK: Imports

    /// Runs an import in one transaction: what `body` stores through the sink is kept when it returns,
    /// nothing when it throws (its error rethrown as it is). See ``ImportSink``.
    func importAtomically(_ source: ImportSource, _ body: @escaping @Sendable (any ImportSink) throws -> Void)
        async throws
    /// Where a status came from: syncs, fetches and imports.
    func provenance(of number: Int64) async throws(ArchiveError) -> [StatusProvenance]
    /// The favourites, bookmarks and boosts imports named by uri, resolved or not.
    func references(kind: ImportedReference.Kind?) async throws(ArchiveError) -> [ImportedReference]
    /// The boosts `handle` (`user@host`, any case) made that the archive holds as statuses of their own
    /// (a sync's, or an import's once the boosted post was archived), oldest first, as references.
    func archivedBoosts(by handle: String) async throws(ArchiveError) -> [ImportedReference]
    /// The source's own object a status was imported from in `format` (the newest such import), if any.
    func importedSource(of number: Int64, format: String) async throws(ArchiveError) -> Data?
    /// The posts that archived replies by `author` (`user@host`) name as their parent by uri (another
    /// server's post, which an export names so) and the archive does not hold.
    func missingParents(of author: String) async throws(ArchiveError) -> [String]

    // MARK: Edit histories

    /// Edited statuses of `server` whose history is still to be fetched.
    func wantedEditHistories(server: String, limit: Int) async throws(ArchiveError) -> [WantedEditHistory]
    /// Stores a fetched history; returns how many versions were new.
    @discardableResult
    func storeEditHistory(_ wanted: WantedEditHistory, versions: [(createdAt: Date, raw: Data)])
        async throws(ArchiveError) -> Int
    /// Forgets wanted histories the server will not give.
    func dropWantedEditHistory(_ wanted: [WantedEditHistory]) async throws(ArchiveError)
    /// Every version of a status as its server's history served it, oldest first.
    func editHistory(of number: Int64) async throws(ArchiveError) -> [Data]

    // MARK: Unreadable statuses

    /// Kept statuses not yet archived (and, with `readerVersion`, not yet tried by that reader).
    func pendingUnreadable(notReadBy readerVersion: String?) async throws(ArchiveError) -> [KeptUnreadable]
    /// Every kept unreadable status, archived later or not.
    func unreadableStatuses() async throws(ArchiveError) -> [KeptUnreadable]
    /// Archives a kept status that can now be read, and marks the kept row archived.
    func archiveKept(
        _ kept: KeptUnreadable, as status: ArchivableStatus,
        authority: CopyAuthority
    ) async throws(ArchiveError) -> (number: Int64, result: StoreResult)
    /// Records that a reader tried a kept status again and still could not read it.
    func recordStillUnreadable(_ id: Int64, reason: String, readerVersion: String) async throws(ArchiveError)

    // MARK: Reading

    /// The status a reference names (a number, a uri or url, `server/id`), if archived.
    func findStatus(_ reference: String) async throws(ArchiveError) -> Int64?
    /// The status with this id on this server, if archived.
    func findStatus(server host: String, localID: String) async throws(ArchiveError) -> Int64?
    /// One status with its versions, reply links and timelines.
    func status(number: Int64) async throws(ArchiveError) -> ArchivedStatus
    /// The thread a status is part of, as archived.
    func thread(around number: Int64) async throws(ArchiveError) -> ThreadTree
    /// The archived boosts of a status, oldest first (only those some archived timeline carried).
    func boosts(of number: Int64) async throws(ArchiveError) -> [ArchivedBoost]
    /// The ids a status has on each server it was read from.
    func serverIDs(of number: Int64) async throws(ArchiveError) -> [ServerStatusID]
    /// What an export needs of each status, in the order given.
    func exportRecords(_ numbers: [Int64]) async throws(ArchiveError) -> [ExportRecord]
    /// The posts of a timeline, newest first, optionally within dates, honouring opt-outs per `consent`.
    func timelineNumbers(
        timelineID: Int64, since: String?, until: String?,
        consent: ConsentPolicy
    ) async throws(ArchiveError) -> [Int64]

    /// A page of a listing (a timeline, an author, a hashtag…).
    func posts(_ listing: ArchiveListing, limit: Int, offset: Int) async throws(ArchiveError) -> [SearchHit]
    /// How many posts a listing has.
    func count(_ listing: ArchiveListing) async throws(ArchiveError) -> Int
    /// These statuses as hits, in the order given.
    func posts(numbered numbers: [Int64]) async throws(ArchiveError) -> [SearchHit]
    /// Authors' handles, for completion.
    func authorHandles() async throws(ArchiveError) -> [String]
    /// Hashtag names, for completion.
    func tagNames() async throws(ArchiveError) -> [String]

    // MARK: Search and totals

    /// Runs a search; boosts are found as the posts they boost. `consent`: whether the posts of accounts
    /// that opted out of search are left out (see `ConsentPolicy`).
    func search(
        _ query: SearchQuery, sort: SearchSort, limit: Int, offset: Int,
        consent: ConsentPolicy
    ) async throws(ArchiveError) -> [SearchHit]
    /// How many statuses a search finds (with the same `consent` as `search`), counted at most to `bound`
    /// when one is given: a result below `bound` is exact, `bound` means "at least that many". A total the
    /// store keeps exactly and cheaply (a sole `#tag` when consent hides none of it, a timeline's entries) is
    /// given exactly whatever the bound, so a result above `bound` is exact too.
    func count(_ query: SearchQuery, consent: ConsentPolicy, atMost bound: Int?) async throws(ArchiveError) -> Int
    /// The store's consent setting (`icebox config search-consent`).
    func consentPolicy() async throws(ArchiveError) -> ConsentPolicy
    /// Sets the store's consent setting.
    func setConsentPolicy(_ policy: ConsentPolicy) async throws(ArchiveError)
    /// The handles of the authors who opted out of search, as last archived.
    func optedOutAuthors() async throws(ArchiveError) -> [String]
    /// Top hashtags, authors, servers, languages and posts by month, of everything or one timeline.
    func breakdown(timelineID: Int64?, top: Int) async throws(ArchiveError) -> ArchiveBreakdown
    /// Every archived status's uri, sorted (what a copy between stores, and tests, compare).
    func allStatusURIs() async throws(ArchiveError) -> [String]
    /// The raw JSON of a status as archived, by its uri.
    func rawJSON(uri: String) async throws(ArchiveError) -> Data?
    /// The uris of the statuses seen in one timeline, sorted.
    func statusURIs(timelineID: Int64) async throws(ArchiveError) -> [String]
    /// Totals of the whole archive.
    func stats() async throws(ArchiveError) -> ArchiveStats
    /// A value that differs whenever anything was committed to the store since it was read; `nil` when
    /// the store cannot tell now. A reader that keeps what it computed (a search's total) keeps it only
    /// while the token stays the same.
    func changeToken() async throws(ArchiveError) -> String?
    /// Whether the store is sound: "ok", or the problems found.
    func integrityCheck() async throws(ArchiveError) -> String
}

extension ArchiveStore {
    /// The store's thorough check (``StoreHealth/healthCheck(full:)``) as one verdict: "ok", or the
    /// problems found. A store that checks more than that for `icebox stats --check` says so itself.
    public func integrityCheck() async throws(ArchiveError) -> String {
        let problems = try await healthCheck(full: true).problems
        return problems.isEmpty ? "ok" : problems.joined(separator: "; ")
    }

    /// Stores a page of a timeline and moves its cursors, in one transaction.
    public func store(
        _ statuses: [ArchivableStatus], server: String, timelineID: Int64,
        cursor: CursorUpdate
    ) async throws(ArchiveError) -> StoreResult {
        try await store(
            statuses, unreadable: [], origin: PageOrigin(server: server, timelineID: timelineID),
            cursor: cursor)
    }

    /// Stores statuses read outside any timeline (a thread's context), in one transaction.
    public func store(_ statuses: [ArchivableStatus], server: String) async throws(ArchiveError) -> StoreResult {
        try await store(statuses, unreadable: [], origin: PageOrigin(server: server), cursor: nil)
    }

    /// The posts of a timeline, newest first, honouring opt-outs.
    public func timelineNumbers(timelineID: Int64, since: String?, until: String?) async throws(ArchiveError) -> [Int64]
    {
        try await timelineNumbers(timelineID: timelineID, since: since, until: until, consent: .honoured)
    }

    /// Kept statuses not yet archived.
    public func pendingUnreadable() async throws(ArchiveError) -> [KeptUnreadable] {
        try await pendingUnreadable(notReadBy: nil)
    }

    /// The first page of a listing.
    public func posts(_ listing: ArchiveListing, limit: Int = 20) async throws(ArchiveError) -> [SearchHit] {
        try await posts(listing, limit: limit, offset: 0)
    }

    /// Runs a search, newest first unless `sort` says otherwise, honouring opt-outs unless told not to.
    public func search(
        _ query: SearchQuery, sort: SearchSort = .newest, limit: Int = 20, offset: Int = 0,
        consent: ConsentPolicy = .honoured
    ) async throws(ArchiveError) -> [SearchHit] {
        try await search(query, sort: sort, limit: limit, offset: offset, consent: consent)
    }

    /// How many statuses a search finds, honouring opt-outs.
    public func count(_ query: SearchQuery) async throws(ArchiveError) -> Int {
        try await count(query, consent: .honoured)
    }

    /// How many statuses a search finds (with the same `consent` as `search`), exactly.
    public func count(_ query: SearchQuery, consent: ConsentPolicy) async throws(ArchiveError) -> Int {
        try await count(query, consent: consent, atMost: nil)
    }
}
