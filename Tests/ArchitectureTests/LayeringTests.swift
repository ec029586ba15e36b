import Foundation
import Testing

/// `docs/ARCHITECTURE.md` is kept true: every module of `Package.swift` sits in a layer there, depends
/// only on modules of lower layers, imports only what it declares, and links none of what the document
/// says it must not link (through any chain of dependencies).
@Suite struct LayeringTests {
    static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func everyModuleDependsOnlyOnLowerLayers() throws {
        let package = try PackageManifest(contentsOf: Self.root.appending(path: "Package.swift"))
        let architecture = try Architecture(contentsOf: Self.root.appending(path: "docs/ARCHITECTURE.md"))
        let unplaced = package.productTargets.keys.filter { architecture.layer[$0] == nil }.sorted()
        #expect(unplaced.isEmpty, "modules docs/ARCHITECTURE.md places in no layer: \(unplaced)")
        let stale = architecture.layer.keys.filter { package.targets[$0] == nil }.sorted()
        #expect(stale.isEmpty, "docs/ARCHITECTURE.md names modules Package.swift does not have: \(stale)")
        for (module, dependencies) in package.productTargets.sorted(by: { $0.key < $1.key }) {
            guard let layer = architecture.layer[module] else { continue }
            for dependency in dependencies.modules {
                guard let below = architecture.layer[dependency] else { continue }
                #expect(below < layer, "\(module) (layer \(layer)) depends on \(dependency) (layer \(below))")
            }
        }
    }

    @Test func noModuleLinksWhatTheArchitectureForbids() throws {
        let package = try PackageManifest(contentsOf: Self.root.appending(path: "Package.swift"))
        let architecture = try Architecture(contentsOf: Self.root.appending(path: "docs/ARCHITECTURE.md"))
        #expect(!architecture.forbidden.isEmpty, "the document states what must not be linked")
        for (module, forbidden) in architecture.forbidden {
            #expect(
                package.targets[module] != nil, "docs/ARCHITECTURE.md forbids links of \(module), which does not exist")
            let linked = package.closure(of: module)
            let broken = forbidden.filter { linked.contains($0) }.sorted()
            #expect(broken.isEmpty, "\(module) links \(broken): \(broken.map { package.path(from: module, to: $0) })")
        }
    }

    /// A module's sources import only the modules its target names: an import that compiles only
    /// because some other dependency brings the module along is a dependency the layering cannot see.
    @Test func sourcesImportOnlyWhatTheirTargetDeclares() throws {
        let package = try PackageManifest(contentsOf: Self.root.appending(path: "Package.swift"))
        let known = Set(package.targets.keys).union(package.targets.values.flatMap(\.products))
        var undeclared: [String] = []
        for (module, dependencies) in package.productTargets {
            let folder = Self.root.appending(path: package.folder(of: module))
            let declared = Set(dependencies.modules).union(dependencies.products)
            for file in Self.swiftFiles(in: folder) {
                let text = try String(contentsOf: file, encoding: .utf8)
                for imported in Self.imports(in: text) where known.contains(imported) && !declared.contains(imported) {
                    undeclared.append("\(module)/\(file.lastPathComponent) imports \(imported)")
                }
            }
        }
        #expect(undeclared.isEmpty, "\(undeclared.sorted())")
        #expect(
            !Self.swiftFiles(in: Self.root.appending(path: package.folder(of: "MastodonTestServer"))).isEmpty,
            "a target's path: is followed to its sources")
    }

    /// No module hands another's API to its importers (`@_exported import`): a file names every module
    /// whose types it uses, so what a module depends on is read off its imports and Package.swift alone.
    @Test func noModuleReExportsAnother() throws {
        let package = try PackageManifest(contentsOf: Self.root.appending(path: "Package.swift"))
        var reExports: [String] = []
        for module in package.productTargets.keys {
            for file in Self.swiftFiles(in: Self.root.appending(path: package.folder(of: module))) {
                let text = try String(contentsOf: file, encoding: .utf8)
                for line in text.split(separator: "\n") where line.contains("@_exported") {
                    reExports.append("\(module)/\(file.lastPathComponent): \(line)")
                }
            }
        }
        #expect(reExports.isEmpty, "\(reExports.sorted())")
    }

    static func swiftFiles(in folder: URL) -> [URL] {
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
    }

    /// The modules a Swift file imports (`import X`, `@testable import X`, `public import X`, `import struct X.Y`).
    static func imports(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ").map(String.init).filter { !$0.hasPrefix("@") }
            guard let at = words.firstIndex(of: "import"), at + 1 < words.count,
                words[..<at].allSatisfy({ ["public", "internal", "package", "private", "fileprivate"].contains($0) })
            else { return nil }
            var name = words[at + 1]
            if ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"].contains(name),
                at + 2 < words.count
            {
                name = words[at + 2]
            }
            return String(name.split(separator: ".").first ?? "")
        }
    }
}
