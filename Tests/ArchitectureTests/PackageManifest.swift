import Foundation

/// The targets of `Package.swift` and what each depends on, read from its text: every `.target`,
/// `.executableTarget` and `.testTarget` call, its `name:` and the modules (`"Name"`) and products
/// (`.product(name: "Name", …)`) of its `dependencies:` list.
struct PackageManifest {
    struct Dependencies: Equatable {
        var modules: [String] = []
        var products: [String] = []
        var isTest = false
        /// The target's `path:`, when it names one (SwiftPM's default is `Sources/<name>`).
        var path: String?
    }

    enum Failure: Error, CustomStringConvertible {
        case unreadable(String)
        var description: String {
            switch self {
            case .unreadable(let why): "Package.swift: \(why)"
            }
        }
    }

    private(set) var targets: [String: Dependencies] = [:]

    /// The targets that are part of the product (not tests, not the test support library).
    var productTargets: [String: Dependencies] {
        targets.filter { !$0.value.isTest && $0.key != "IceboxTestSupport" }
    }

    init(contentsOf file: URL) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        let calls = try Regex(#"\.(target|executableTarget|testTarget|plugin)\(\s*name:\s*"([^"]+)""#)
        for match in text.matches(of: calls) {
            let kind = String(match.output[1].substring ?? "")
            let name = String(match.output[2].substring ?? "")
            var dependencies = Dependencies(isTest: kind == "testTarget")
            let rest = text[match.range.upperBound...]
            if let list = Self.dependencyList(in: rest) {
                let product = try Regex(#"\.product\(\s*name:\s*"([^"]+)""#)
                var withoutProducts = String(list)
                for found in list.matches(of: product) {
                    dependencies.products.append(String(found.output[1].substring ?? ""))
                }
                withoutProducts = withoutProducts.replacing(product, with: "")
                let plain = try Regex(#""([^"]+)""#)
                dependencies.modules = withoutProducts.matches(of: plain).map { String($0.output[1].substring ?? "") }
            }
            if let call = Self.arguments(in: rest),
                let found = call.firstMatch(of: try Regex(#"\bpath:\s*"([^"]+)""#))
            {
                dependencies.path = String(found.output[1].substring ?? "")
            }
            guard targets[name] == nil else { throw Failure.unreadable("the target \(name) is declared twice") }
            targets[name] = dependencies
        }
        guard !targets.isEmpty else { throw Failure.unreadable("no targets found") }
    }

    /// This target's call arguments, up to the call's closing parenthesis.
    private static func arguments(in rest: Substring) -> Substring? {
        var depth = 0
        for index in rest.indices {
            switch rest[index] {
            case "(": depth += 1
            case ")":
                if depth == 0 { return rest[..<index] }
                depth -= 1
            default: continue
            }
        }
        return nil
    }

    /// The folder of a target's sources, relative to the package: its `path:`, or SwiftPM's default.
    func folder(of module: String) -> String {
        targets[module]?.path ?? "Sources/\(module)"
    }

    /// The bracketed list after `dependencies:` in this target's call (before the call's closing parenthesis).
    private static func dependencyList(in rest: Substring) -> Substring? {
        var depth = 0
        var index = rest.startIndex
        var listStart: Substring.Index?
        while index < rest.endIndex {
            let character = rest[index]
            if listStart == nil {
                if character == "(" { depth += 1 }
                if character == ")" {
                    if depth == 0 { return nil }
                    depth -= 1
                }
                if depth == 0, rest[index...].hasPrefix("dependencies:") {
                    guard let open = rest[index...].firstIndex(of: "[") else { return nil }
                    listStart = rest.index(after: open)
                    index = open
                    depth = 0
                }
            } else {
                if character == "[" { depth += 1 }
                if character == "]" {
                    if depth == 0, let listStart { return rest[listStart..<index] }
                    depth -= 1
                }
            }
            index = rest.index(after: index)
        }
        return nil
    }

    /// Every module and product `module` links, through any chain of dependencies.
    func closure(of module: String) -> Set<String> {
        var seen: Set<String> = []
        var pending = [module]
        while let next = pending.popLast() {
            guard let dependencies = targets[next] else { continue }
            for product in dependencies.products { seen.insert(product) }
            for dependency in dependencies.modules where seen.insert(dependency).inserted { pending.append(dependency) }
        }
        return seen
    }

    /// One chain of dependencies from `module` to `target`, for a failure message.
    func path(from module: String, to target: String) -> String {
        var previous: [String: String] = [:]
        var queue = [module]
        var visited: Set<String> = [module]
        while !queue.isEmpty {
            let next = queue.removeFirst()
            let dependencies = targets[next] ?? Dependencies()
            if dependencies.products.contains(target) || dependencies.modules.contains(target) {
                var chain = [target, next]
                var step = next
                while let before = previous[step] {
                    chain.append(before)
                    step = before
                }
                return chain.reversed().joined(separator: " → ")
            }
            for dependency in dependencies.modules where visited.insert(dependency).inserted {
                previous[dependency] = next
                queue.append(dependency)
            }
        }
        return "\(module) → … → \(target)"
    }
}
