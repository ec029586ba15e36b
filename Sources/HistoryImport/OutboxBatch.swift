import Archive
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

    var size: Int { statuses.count + unreadable.count + references.count }

    mutating func reset() {
        statuses.removeAll(keepingCapacity: true)
        unreadable.removeAll(keepingCapacity: true)
        references.removeAll(keepingCapacity: true)
        skipped = 0
    }

    /// One element of `orderedItems` (the `index`-th, from 1). JSON that does not parse is malformed
    /// input and stops the import; an activity that parses but cannot be mapped is kept unreadable.
    mutating func add(_ element: Data, index: Int) throws(ImportError) {
        let where_ = "\(entryName) item \(index)"
        guard let activity = (try? JSONSerialization.jsonObject(with: element)) as? [String: Any] else {
            throw .malformed(file: file, entry: entryName, reason: "item \(index) is not a JSON object")
        }
        switch activity["type"] as? String {
        case "Create":
            let objectBytes = try? RawJSON.value(forKey: "object", inObject: element)
            guard let object = activity["object"] as? [String: Any] else {
                unreadable.append(UnreadableStatus(raw: element, id: nil, reason: "\(where_): the Create holds no object"))
                return
            }
            switch mapper.status(from: object) {
            case .failure(let failure):
                unreadable.append(UnreadableStatus(raw: objectBytes ?? element, id: nil, reason: "\(where_): \(failure.reason)"))
            case .success(let status):
                append(status, source: objectBytes ?? element, where: where_)
            }
        case "Announce":
            guard let uri = (activity["object"] as? String) ?? (activity["object"] as? [String: Any])?["id"] as? String else {
                unreadable.append(UnreadableStatus(raw: element, id: nil, reason: "\(where_): the Announce names no status"))
                return
            }
            references.append(ImportedReference(accountHandle: mapper.actor.handle, kind: .boost, uri: uri,
                                              activityURI: activity["id"] as? String,
                                              publishedAt: activity["published"] as? String))
        default:
            skipped += 1
        }
    }

    private mutating func append(_ status: [String: Any], source: Data, where entry: String) {
        let uri = status["uri"] as? String ?? ""
        do {
            let raw = try JSONSerialization.data(withJSONObject: status, options: [.sortedKeys, .withoutEscapingSlashes])
            let decoded = try ArchivableStatus(decoding: raw, servedBy: mapper.actor.server)
            statuses.append(ImportedStatus(status: decoded, source: source, entry: entry,
                                           hasServerID: ActivityMapper.hasServerID(uri)))
        } catch {
            unreadable.append(UnreadableStatus(raw: source, id: ActivityMapper.localID(uri), reason: "\(entry): \(error)"))
        }
    }
}
