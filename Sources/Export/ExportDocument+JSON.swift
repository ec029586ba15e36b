import Foundation

extension ExportDocument {
    /// `thread.json`: every status's JSON exactly as archived, with where it sits (a tree of `replies`
    /// for a thread, a flat `statuses` list for a set), which media entries hold its files, and
    /// whether its server has since said it is gone.
    func threadJSON() -> Data {
        var json = JSONWriter()
        json.beginObject()
        json.formatHeader()
        switch kind {
        case .thread(let focus, let rootIsReply):
            json.member("kind", "thread")
            json.member("root", items.first?.record.uri)
            json.member("focus", items[focus].record.uri)
            json.key("root_is_reply")
            json.bool(rootIsReply)
            json.key("thread")
            let children = self.children
            if !items.isEmpty { node(0, children: children, into: &json) }
            // With posts left out, a reply whose every ancestor was left out starts a tree of its own.
            let detached = items.indices.dropFirst().filter { items[$0].parent == nil }
            if !detached.isEmpty {
                json.key("detached")
                json.beginArray()
                for index in detached { node(index, children: children, into: &json) }
                json.endArray()
            }
        case .set(let kind, let title):
            json.member("kind", kind)
            json.member("title", title)
            json.key("statuses")
            json.beginArray()
            for index in items.indices { node(index, children: nil, into: &json) }
            json.endArray()
        }
        if leftOut > 0 { json.member("left_out", Int64(leftOut)) }
        json.endObject()
        return json.data + Data("\n".utf8)
    }

    /// One status as a JSON object; with `children`, its replies nested below it.
    private func node(_ index: Int, children: [Int: [Int]]?, into json: inout JSONWriter) {
        let item = items[index]
        let record = item.record
        json.beginObject()
        json.member("uri", record.uri)
        json.member("server", record.server)
        json.member("id", record.localID)
        json.member("depth", Int64(item.depth))
        // The audience, outside the archived JSON too, so no reader of the file can miss it.
        json.member("visibility", item.status.visibility.rawValue)
        json.member("gone_at", record.goneAt)
        json.member("gone_via", record.goneVia?.rawValue)
        json.member("redacted_at", record.redactedAt)
        json.member("avatar", record.avatar.map(Self.entry))
        json.key("media")
        json.beginArray()
        for attachment in record.attachments {
            json.beginObject()
            json.member("position", Int64(attachment.position))
            json.member("file", attachment.original.map(Self.entry))
            json.member("preview", attachment.preview.map(Self.entry))
            json.endObject()
        }
        json.endArray()
        // Where the archive got it from (timelines synced, servers fetched from, files imported).
        json.key("sources")
        json.beginArray()
        for source in record.sources {
            json.beginObject()
            json.member("kind", source.kind.rawValue)
            json.member("detail", source.detail)
            json.endObject()
        }
        json.endArray()
        json.key("status")
        json.raw(record.raw)
        json.key("earlier_versions")
        json.beginArray()
        for version in record.earlierVersions { json.raw(version) }
        json.endArray()
        json.key("edit_history")
        json.beginArray()
        for version in record.editHistory { json.raw(version) }
        json.endArray()
        if let children {
            json.key("replies")
            json.beginArray()
            for child in children[index] ?? [] { node(child, children: children, into: &json) }
            json.endArray()
        }
        json.endObject()
    }
}
