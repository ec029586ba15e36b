import Foundation
import Testing

@testable import Models

/// `Data.containsBytes`: the bytes found wherever they are, in slices too (whose indices do not start at 0).
@Suite struct DataContainsBytesTests {
    @Test func findsTheBytesAtEveryPlaceAndOnlyWhole() {
        let data = Data(#"{"a":1,"icebox_archived":{}}"#.utf8)
        #expect(data.containsBytes(Data(#"{"a""#.utf8)))
        #expect(data.containsBytes(Data(#""icebox_archived""#.utf8)))
        #expect(data.containsBytes(Data("{}}".utf8)))
        #expect(!data.containsBytes(Data("}}}".utf8)))
        #expect(!Data("ab".utf8).containsBytes(Data("abc".utf8)))
        #expect(!Data().containsBytes(Data("a".utf8)))
    }

    @Test func aSliceIsSearchedWithinItsOwnBounds() {
        let data = Data("xxneedlexx-yy".utf8)
        let slice = data[data.startIndex + 2..<data.startIndex + 11]
        #expect(slice.containsBytes(Data("needle".utf8)))
        #expect(slice.containsBytes(Data("xx-".utf8)))
        #expect(!slice.containsBytes(Data("xxneedle".utf8)), "bytes before the slice are not in it")
        #expect(!slice.containsBytes(Data("-yy".utf8)), "bytes after the slice are not in it")
    }
}
