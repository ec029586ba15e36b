import Foundation
import IceboxTestSupport
import MediaArchive
import MediaFiles
import Testing

/// The media archive's own SHA-256 against NIST's vectors and the system's `sha256sum`.
@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ])
    func nistVectors(message: String, digest: String) {
        #expect(SHA256.hex(Data(message.utf8)) == digest)
    }

    @Test func aMillionAsFedInOddPieces() {
        var hasher = SHA256()
        let piece = Data(repeating: UInt8(ascii: "a"), count: 997)
        var fed = 0
        while fed < 1_000_000 {
            let count = min(piece.count, 1_000_000 - fed)
            hasher.update(piece.prefix(count))
            fed += count
        }
        #expect(hasher.hexDigest() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func pieceSizesDoNotChangeTheDigest() {
        var generator = SystemRandomNumberGenerator()
        let bytes = Data((0..<5000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let whole = SHA256.hex(bytes)
        for pieceSize in [1, 3, 55, 56, 63, 64, 65, 127, 1000] {
            var hasher = SHA256()
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + pieceSize, bytes.count)
                hasher.update(bytes[offset..<end])
                offset = end
            }
            #expect(hasher.hexDigest() == whole, "pieces of \(pieceSize)")
        }
    }

    @Test func filesHashAsSha256sumSaysAtEveryPaddingBoundary() async throws {
        let folder = try TemporaryDirectory("icebox-sha")
        var generator = SystemRandomNumberGenerator()
        for size in [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 4096, 100_003, (1 << 20) + 3] {
            let file = folder.url.appending(path: "f\(size)")
            var words = (0..<(size / 8 + 1)).map { _ in generator.next() as UInt64 }
            try Data(bytes: &words, count: size).write(to: file)
            let ours = try SHA256.hex(fileAt: file)
            #expect(ours.size == Int64(size))
            #expect(ours.digest == (try await systemSHA256(file)), "\(size) bytes")
        }
    }
}
