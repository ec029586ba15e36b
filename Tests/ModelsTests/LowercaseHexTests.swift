import Foundation
import Models
import Testing

/// `lowercaseHex` writes what `String(format: "%02x")` wrote for each byte, which digests stored in
/// archives (author versions, kept keys) were made with.
@Suite struct LowercaseHexTests {
    @Test func everyByteIsWrittenAsFormattingWroteIt() {
        let all = (0...255).map { UInt8($0) }
        #expect(all.lowercaseHex == all.map { String(format: "%02x", $0) }.joined())
        #expect(Data([0x00, 0x0f, 0xf0, 0xab]).lowercaseHex == "000ff0ab")
        #expect([UInt8]().lowercaseHex == "")
    }
}
