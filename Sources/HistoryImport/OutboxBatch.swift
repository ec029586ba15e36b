import ArchiveCore
import Foundation
import Models

/// The activities of outbox.json read since the last batch was stored: statuses mapped from `Create`,
/// boosts from `Announce`, and what could not be read.
struct OutboxBatch {
    let mapper: ActivityMapper
    let entryName: String
    let file: String
    var statuses: [ImportedStatus] = []
    var unreadable: [UnreadableStatus] = []
    var references: [ImportedReference] = []
    var skipped = 0
    /// Objects whose ids are another server's (see ``ExportActor/owns(_:)``): not the actor's posts,
    /// kept as `claimed` references.
    var foreign = 0
    /// The account's JSON, the same in every status.
    private let accountJSON: [UInt8]
    /// The account as the archive decodes it from that JSON, decoded once.
    private let account: Account?

    init(mapper: ActivityMapper, entryName: String, file: String) {
        self.mapper = mapper
        self.entryName = entryName
        self.file = file
        accountJSON = Array((try? MappedStatus.encoder.encode(mapper.actor.apiAccount)) ?? Data("{}".utf8))
        account = try? JSONDecoder().decode(Account.self, from: Data(accountJSON))
    }

    var size: Int { statuses.count + unreadable.count + references.count }

    mutating func reset() {
        statuses.removeAll(keepingCapacity: true)
        unreadable.removeAll(keepingCapacity: true)
        references.removeAll(keepingCapacity: true)
        skipped = 0
        foreign = 0
    }

    /// One element of `orderedItems` (the `index`-th, from 1). JSON that does not parse is malformed
    /// input and stops the import; an activity that parses but cannot be mapped is kept unreadable.
    mutating func add(_ element: Data, index: Int) throws(ImportError) {
        let itemPlace = "\(entryName) item \(index)"
        guard let activity = try? Self.decoder.decode(OutboxActivity.self, from: element) else {
            throw .malformed(file: file, entry: entryName, reason: "item \(index) is not a JSON object")
        }
        switch activity.type {
        case "Create":
            guard case .object(let object) = activity.object else {
                unreadable.append(
                    UnreadableStatus(raw: element, id: nil, reason: "\(itemPlace): the Create holds no object"))
                return
            }
            let objectBytes = (try? RawJSON.value(forKey: "object", inObject: element)) ?? element
            switch mapper.status(from: object) {
            case .failure(let failure):
                unreadable.append(
                    UnreadableStatus(raw: objectBytes, id: nil, reason: "\(itemPlace): \(failure.reason)"))
            case .success(let status) where !mapper.actor.owns(status.uri):
                foreign += 1
                references.append(
                    ImportedReference(
                        accountHandle: mapper.actor.handle, kind: .claimed, uri: status.uri,
                        activityURI: activity.id, publishedAt: status.createdAt))
            case .success(let status):
                append(status, source: objectBytes, where: itemPlace)
            }
        case "Announce":
            let named: String? =
                switch activity.object {
                case .uri(let uri): uri
                case .object(let object): object.id
                case .other, nil: nil
                }
            guard let uri = named else {
                unreadable.append(
                    UnreadableStatus(raw: element, id: nil, reason: "\(itemPlace): the Announce names no status"))
                return
            }
            // An Announce addressed to no one says nothing of its visibility (an old or hand-made export).
            let addressed = !activity.to.isEmpty || !activity.cc.isEmpty
            references.append(
                ImportedReference(
                    accountHandle: mapper.actor.handle, kind: .boost, uri: uri, activityURI: activity.id,
                    publishedAt: activity.published,
                    visibility: addressed ? mapper.visibility(to: activity.to, cc: activity.cc) : nil))
        default:
            skipped += 1
        }
    }

    private static let decoder = JSONDecoder()

    private mutating func append(_ status: MappedStatus, source: Data, where entry: String) {
        do {
            let raw = status.json(account: accountJSON)
            let decoded =
                if let account {
                    ArchivableStatus(status: try status.status(account: account), raw: raw, rawReblog: nil)
                } else {
                    try ArchivableStatus(decoding: raw, servedBy: mapper.actor.server)
                }
            statuses.append(
                ImportedStatus(
                    status: decoded, source: source, entry: entry,
                    hasServerID: ActivityMapper.hasServerID(status.uri)))
        } catch {
            unreadable.append(UnreadableStatus(raw: source, id: status.id, reason: "\(entry): \(error)"))
        }
    }
}
