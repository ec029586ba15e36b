import Foundation
import Testing

/// The store's drivers run statements and decide nothing: every policy (the types declared in
/// `Sources/ArchiveCore/Policies`: whose copy wins, who speaks for a deletion, what consent hides, what
/// an import may claim) is applied in the flows written once beside the seam, and the policies know no
/// driver (issue 43). A driver may carry a policy's value through (a search's `consent: ConsentPolicy`),
/// but never asks one for a decision or makes one up.
@Suite struct PolicySeamTests {
    @Test func driversNeitherAskAPolicyNorMakeOne() throws {
        let root = LayeringTests.root
        let policies = try Self.declaredTypes(in: root.appending(path: "Sources/ArchiveCore/Policies"))
        #expect(policies.contains("CopyAuthority") && policies.contains("ConsentPolicy"), "read: \(policies.sorted())")
        var uses: [String] = []
        for driver in ["Sources/Archive", "Sources/ArchivePostgres"] {
            let files = LayeringTests.swiftFiles(in: root.appending(path: driver))
            #expect(files.count > 10, "\(driver): \(files.count) Swift files read")
            for file in files {
                let code = Self.withoutComments(try String(contentsOf: file, encoding: .utf8))
                for (number, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    for policy in policies where line.contains(policy) {
                        // `Policy.` (a member: a decision, a case, a constant), `Policy(` (one made up), or
                        // `: Policy = .` (a value chosen by implicit member, such as a default).
                        let asked = ["\(policy).", "\(policy)(", "\(policy) = ."].contains { line.contains($0) }
                        guard asked else { continue }
                        uses.append("\(driver)/\(file.lastPathComponent):\(number + 1): \(policy)")
                    }
                }
            }
        }
        #expect(uses.isEmpty, "a driver asks a policy or makes one:\n\(uses.joined(separator: "\n"))")
    }

    @Test func policiesImportNoDriver() throws {
        let root = LayeringTests.root
        let drivers: Set<String> = ["GRDB", "PostgresNIO", "Archive", "ArchivePostgres", "SQLite3", "CSQLite"]
        for file in LayeringTests.swiftFiles(in: root.appending(path: "Sources/ArchiveCore/Policies")) {
            let text = try String(contentsOf: file, encoding: .utf8)
            let imported = Set(text.matches(of: #/(?m)^\s*(?:@\w+\s+)?import\s+(\w+)/#).map { String($0.1) })
            let named = imported.intersection(drivers).sorted()
            #expect(named.isEmpty, "\(file.lastPathComponent) imports \(named)")
        }
    }

    /// The types declared (not extended) in the Swift files below `folder`.
    static func declaredTypes(in folder: URL) throws -> Set<String> {
        var names: Set<String> = []
        for file in LayeringTests.swiftFiles(in: folder) {
            let text = try String(contentsOf: file, encoding: .utf8)
            let declarations =
                #/(?m)^(?:@\w+ )*(?:(?:public|package|internal|fileprivate|private|final|indirect) )*(?:struct|enum|class|actor) ([A-Za-z_]\w*)/#
            for match in text.matches(of: declarations) { names.insert(String(match.1)) }
        }
        return names
    }

    /// The text without its `//` comments (doc comments too), line for line; a one-line string literal
    /// is emptied first, so that a `//` inside one (a URL) does not hide the code after it.
    static func withoutComments(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let code = line.replacing(#/"(?:[^"\\]|\\.)*"/#, with: "\"\"")
            guard let range = code.range(of: "//") else { return String(code) }
            return String(code[..<range.lowerBound])
        }.joined(separator: "\n")
    }
}
