import Foundation
import Testing

/// Every function both store drivers write is named in docs/ARCHITECTURE.md ("Functions both drivers
/// write") with why, and nothing else is: a flow written twice again fails here, and so does a table
/// that still names a flow already written once (issue 43).
@Suite struct DriverTwinsTests {
    @Test func everyFunctionBothDriversWriteIsNamedWithWhyAndNoOtherIs() throws {
        let root = LayeringTests.root
        let sqlite = try Self.functionNames(in: root.appending(path: "Sources/Archive"))
        let postgres = try Self.functionNames(in: root.appending(path: "Sources/ArchivePostgres"))
        let twins = sqlite.intersection(postgres)
        let named = try Self.namedTwins(in: root.appending(path: "docs/ARCHITECTURE.md"))
        #expect(!twins.isEmpty && !named.isEmpty, "nothing read: \(twins.count) twins, \(named.count) named")
        let unnamed = twins.subtracting(named).sorted()
        #expect(unnamed.isEmpty, "written in both drivers but not in docs/ARCHITECTURE.md: \(unnamed)")
        let stale = named.subtracting(twins).sorted()
        #expect(stale.isEmpty, "named in docs/ARCHITECTURE.md but no longer written in both drivers: \(stale)")
    }

    /// The names declared with `func` in the Swift files below `folder`.
    static func functionNames(in folder: URL) throws -> Set<String> {
        let files =
            FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        var names: Set<String> = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: #/func ([A-Za-z_][A-Za-z0-9_]*)/#) { names.insert(String(match.1)) }
        }
        return names
    }

    /// The names in backticks in the first column of the section's table.
    static func namedTwins(in document: URL) throws -> Set<String> {
        let text = try String(contentsOf: document, encoding: .utf8)
        var inSection = false
        var names: Set<String> = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("## ") { inSection = line == "## Functions both drivers write" }
            guard inSection, line.hasPrefix("| `") else { continue }
            let cell = line.dropFirst().prefix { $0 != "|" }
            for match in cell.matches(of: #/`([A-Za-z_][A-Za-z0-9_]*)`/#) { names.insert(String(match.1)) }
        }
        return names
    }
}
