import ArchiveCore
import Foundation
import MediaFiles
import Models

extension ExportDocument {
    /// The whole conversation around status `number`: its topmost archived ancestor and every archived
    /// reply below it, in conversation order, with `number` as the focus.
    static func thread(around number: Int64, in archive: any ArchiveStore) async throws(ExportError) -> ExportDocument {
        let tree: ThreadTree
        do { tree = try await archive.thread(around: number) } catch { throw .archive(error.description) }
        let records = try await records(tree.numbers, in: archive)
        let index = Dictionary(uniqueKeysWithValues: tree.nodes.enumerated().map { ($1.number, $0) })
        var items: [Item] = []
        for (node, record) in zip(tree.nodes, records) {
            items.append(
                Item(
                    record: record, status: try Exporter.decode(record), depth: node.depth,
                    parent: node.parent.flatMap { index[$0] }))
        }
        let root = records[0]
        let name = root.localID.flatMap { isSafeName($0) ? $0 : nil } ?? String(root.number)
        return ExportDocument(
            kind: .thread(focus: index[tree.focus] ?? 0, rootIsReply: tree.rootIsReply),
            folder: "thread-\(name)", items: items)
    }

    /// Statuses as a flat set in the order given; `kind` (a safe name) and `title` name it, and the
    /// folder is `<kind>-<hash of title>`.
    static func set(_ numbers: [Int64], kind: String, title: String, in archive: any ArchiveStore)
        async throws(ExportError) -> ExportDocument
    {
        var items: [Item] = []
        for record in try await records(numbers, in: archive) {
            items.append(Item(record: record, status: try Exporter.decode(record), depth: 0, parent: nil))
        }
        let hash = String(SHA256.hex(Data(title.utf8)).prefix(12))
        return ExportDocument(kind: .set(kind: kind, title: title), folder: "\(kind)-\(hash)", items: items)
    }

    private static func records(_ numbers: [Int64], in archive: any ArchiveStore) async throws(ExportError)
        -> [ExportRecord]
    {
        do { return try await archive.exportRecords(numbers) } catch { throw .archive(error.description) }
    }
}
