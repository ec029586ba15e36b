import Foundation
import Models
import PropertyBased
import Testing

/// Any text, escaped for JSON or made terminal-safe: no hidden control remains raw, and escaping JSON
/// never changes what it decodes to.
@Suite struct HiddenControlFuzzTests {
    static let scalars: [Unicode.Scalar] = [
        "a", "é", "東", "🧊", "\"", "\\", "\n", "\t", "\u{0}", "\u{1B}", "[", "\u{7F}",
        "\u{85}", "\u{9B}", "\u{9F}", "\u{A0}", "\u{061C}", "\u{200E}", "\u{200F}",
        "\u{2028}", "\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{FEFF}",
    ]
    static let text = Gen.int(in: 0...(scalars.count - 1)).map { scalars[$0] }.array(of: 0...60)
        .map { String(String.UnicodeScalarView($0)) }

    @Test func escapedJSONHasNoRawHiddenControlAndDecodesTheSame() async {
        await propertyCheck(count: FuzzBudget.count, input: Self.text) { text in
            await Task.yield()  // the other suites' test servers share the cooperative threads
            let encoder = JSONEncoder()
            guard let encoded = try? encoder.encode(["text": text]) else { return }
            let escaped = HiddenControlEscaping.escaping(encoded)
            let raw = String(decoding: escaped, as: UTF8.self).unicodeScalars.filter(\.isHiddenControl)
            #expect(raw.isEmpty)
            #expect(
                (try? JSONDecoder().decode([String: String].self, from: escaped)) == ["text": text],
                "\(text.debugDescription)")
        }
    }

    @Test func terminalSafeTextHasNoControlOrHiddenControl() async {
        await propertyCheck(count: FuzzBudget.count, input: Self.text) { text in
            await Task.yield()  // the other suites' test servers share the cooperative threads
            let safe = text.terminalSafe
            #expect(
                !safe.unicodeScalars.contains {
                    $0.isHiddenControl || $0 == "\u{1B}" || ($0.value < 0x20 && $0 != "\n" && $0 != "\t")
                },
                "\(text.debugDescription)")
        }
    }
}
