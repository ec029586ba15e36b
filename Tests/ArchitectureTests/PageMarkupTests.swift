import Foundation
import Testing

/// Pages are built as `HTML` values end to end (issue 43): text enters them only through `HTML`'s
/// escaping interpolation, and markup from a `String` only through `HTML(trusted:)` at the few sites
/// listed here, each saying why it is safe. With the page sinks typed `HTML` (`Reply.page`, the export's
/// `index.html`), a server's text can no longer reach a page by someone forgetting to escape it.
@Suite struct PageMarkupTests {
    /// The only calls of `HTML(trusted:)`, by file: the stylesheets, program constants put in `<style>`.
    static let trustedSites = [
        "Sources/Export/ExportDocument+HTML.swift": 1,
        "Sources/WebReader/PageShell.swift": 1,
    ]

    /// The modules that write pages.
    static let pageModules = ["Sources/Export", "Sources/WebReader"]

    @Test func markupEntersFromAStringOnlyAtTheListedTrustedSites() throws {
        var found: [String: Int] = [:]
        var unexplained: [String] = []
        for (path, text) in try Self.sources(under: ["Sources"]) {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated()
            where line.contains("(trusted:") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                found[path, default: 0] += 1
                // The reason is a comment on the line itself or just above it.
                let above = number > 0 ? lines[number - 1] : ""
                if !line.contains("//") && !above.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                    unexplained.append("\(path):\(number + 1)")
                }
            }
        }
        #expect(found == Self.trustedSites, "HTML(trusted:) is called at \(found), listed: \(Self.trustedSites)")
        #expect(unexplained.isEmpty, "HTML(trusted:) without a comment saying why it is safe: \(unexplained)")
    }

    @Test func noPageBuilderEscapesByHand() throws {
        var offenders: [String] = []
        for (path, text) in try Self.sources(under: Self.pageModules) {
            let isHTML = path.hasSuffix("/HTML.swift")
            for match in text.matches(of: #/\b(escaped|escape)\(/#) where !isHTML || match.1 == "escaped" {
                offenders.append("\(path): \(match.0)")
            }
        }
        #expect(offenders.isEmpty, "escaping is HTML's interpolation's alone: \(offenders)")
    }

    @Test func htmlHasNoOtherWayInThanItsInterpolationAndTheTrustedInitialiser() throws {
        var initialisers: [String] = []
        for (path, text) in try Self.sources(under: ["Sources"])
        where text.contains("extension HTML") || text.contains("struct HTML") {
            let declared = text.matches(
                of: #/(?m)^\s*(?:public |internal |package |fileprivate |private )?init\(([a-zA-Z_]*)/#)
            initialisers += declared.map { "\(path): init(\($0.1))" }
        }
        #expect(
            initialisers.sorted() == [
                "Sources/Export/HTML.swift: init()",
                "Sources/Export/HTML.swift: init(literalCapacity)",
                "Sources/Export/HTML.swift: init(stringInterpolation)",
                "Sources/Export/HTML.swift: init(stringLiteral)",
                "Sources/Export/HTML.swift: init(trusted)",
            ], "\(initialisers)")
    }

    @Test func pagesAreSentAndWrittenOnlyAsHTML() throws {
        let reader = try Self.sources(under: ["Sources/WebReader"])
        let senders = reader.filter { $0.text.contains("\"text/html;") }.map(\.path)
        #expect(senders == ["Sources/WebReader/Reply.swift"], "a page's Content-Type is set in \(senders)")
        let reply = try #require(reader.first { $0.path == "Sources/WebReader/Reply.swift" })
        #expect(reply.text.contains("static func page(_ html: HTML,"), "Reply.page takes HTML")
        let export = try Self.sources(under: ["Sources/Export"])
        let page = try #require(export.first { $0.path == "Sources/Export/ExportDocument+HTML.swift" })
        #expect(page.text.contains("var page: HTML = "), "the export's index.html is built as HTML")
    }

    /// The Swift files below the folders, as paths from the repository's root with their text.
    static func sources(under folders: [String]) throws -> [(path: String, text: String)] {
        let root = LayeringTests.root
        return try folders.flatMap { folder in
            try LayeringTests.swiftFiles(in: root.appending(path: folder)).map { file in
                let path = String(file.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
                return (path, try String(contentsOf: file, encoding: .utf8))
            }
        }
        .sorted { $0.path < $1.path }
    }
}
