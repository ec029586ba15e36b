import Foundation
import Models
import PropertyBased
import Testing

/// Timeline pages as a hostile or broken server might send them: real pages with bytes flipped,
/// cut, repeated or spliced with JSON tokens. The decoder never traps or hangs; a page it accepts
/// holds exactly the top-level elements, each the input's own bytes and decodable on its own.
@Suite struct StatusDecoderFuzzTests {
    /// A real page of statuses (a Pleroma timeline with boosts).
    static let seed: [UInt8] = {
        let url = FuzzBudget.fixtures.appending(path: "timeline_public_reblog.pleroma-via-federatz.json")
        return (try? [UInt8](Data(contentsOf: url))) ?? Array("[]".utf8)
    }()

    static let tokens: [[UInt8]] = [
        "[", "]", "{", "}", ",", ":", "\"", "\\", "\\u0000", "\\ud800", "null", "1e999",
        "-0", "\"id\":", "\"reblog\":{", "[[[[[[[[", "]]]]]]]]", "\u{0}", "\u{85}", "\u{202E}",
    ]
    .map { Array($0.utf8) }

    /// One edit: what (0 flip a byte, 1 cut there, 2 insert a token, 3 delete a run, 4 repeat a run),
    /// where (a fraction of the length) and with what.
    struct Edit: Sendable, CustomStringConvertible {
        var kind: Int
        var position: Double
        var value: Int
        var description: String { "(\(kind) at \(position), \(value))" }

        func apply(to bytes: inout [UInt8]) {
            let at = min(bytes.count, Int(position * Double(bytes.count)))
            switch kind {
            case 0 where at < bytes.count: bytes[at] ^= UInt8(truncatingIfNeeded: value | 1)
            case 1: bytes.removeSubrange(at...)
            case 2:
                bytes.insert(
                    contentsOf: StatusDecoderFuzzTests.tokens[value % StatusDecoderFuzzTests.tokens.count], at: at)
            case 3: bytes.removeSubrange(at..<min(bytes.count, at + value % 64))
            case 4: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + value % 64)], at: at)
            default: break
            }
        }
    }

    static let edits = zip(Gen.int(in: 0...4), Gen.double(in: 0...1), Gen.int(in: 0...10_000))
        .map { edit in Edit(kind: edit.0, position: edit.1, value: edit.2) }
        .array(of: 1...6)

    @Test func mutatedPagesNeverTrapAndWhatIsAcceptedIsTheInputsOwnBytes() async {
        await propertyCheck(count: FuzzBudget.count, input: Self.edits) { edits in
            await Task.yield()  // the other suites' test servers share the cooperative threads
            var bytes = Self.seed
            for edit in edits { edit.apply(to: &bytes) }
            let data = Data(bytes)
            guard let page = try? ArchivableStatus.decodePage(data) else { return }
            let elements = try? RawJSON.elements(ofArray: data)
            // Every element is either read or kept unreadable, each as its own bytes.
            #expect(elements?.count == page.items.count + page.unreadable.count)
            #expect(page.served == elements?.count)
            let kept = page.items.map(\.raw) + page.unreadable.map(\.raw)
            #expect(Set(kept) == Set(elements ?? []))
            for status in page.items {
                #expect(data.range(of: status.raw) != nil)
                #expect((try? ArchivableStatus(decoding: status.raw))?.status.id == status.status.id)
                if let reblog = status.rawReblog { #expect(status.raw.range(of: reblog) != nil) }
            }
        }
    }

    @Test func arbitraryBytesNeverTrap() async {
        await propertyCheck(count: FuzzBudget.count, input: Gen.uint8().array(of: 0...512)) { bytes in
            await Task.yield()  // the other suites' test servers share the cooperative threads
            _ = try? ArchivableStatus.decodePage(Data(bytes))
            _ = try? RawJSON.value(forKey: "reblog", inObject: Data(bytes))
        }
    }

    @Test func deepNestingIsRefusedNotAStackOverflow() async {
        await propertyCheck(count: max(1, FuzzBudget.count / 30), input: Gen.int(in: 1_000...200_000)) { depth in
            await Task.yield()  // the other suites' test servers share the cooperative threads
            let data =
                Data(repeating: UInt8(ascii: "["), count: depth) + Data(repeating: UInt8(ascii: "]"), count: depth)
            // One element nested too deep to read: kept unreadable, never a crash.
            let page = try? ArchivableStatus.decodePage(data)
            #expect(page?.items.isEmpty == true && page?.unreadable.count == 1)
        }
    }
}
