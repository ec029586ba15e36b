import Foundation

/// Splits the elements of one array out of a JSON document fed in pieces, so that a document of any
/// size (an `outbox.json` of 100 000 activities) is read in bounded memory: only the element being
/// read is held. Each element is handed over byte for byte as it stands in the document.
///
/// The structure is checked as it streams (brackets that match, strings that end, commas between
/// elements, nothing after the document); an element's own content is left to its decoder. The array
/// is either the document itself or the value of one key of the top-level object (`orderedItems`); or,
/// as `member`, that key's value itself is the one element (`account`).
public struct JSONArrayStream {
    /// Which array to split.
    public enum Target: Sendable, Hashable {
        /// The document is the array (JSON Lines aside, what a timeline page is).
        case document
        /// The array under this key of the top-level object.
        case key(String)
        /// The value under this key of the top-level object, handed over as the one element.
        case member(String)
    }

    /// Why the document cannot be split.
    public struct Malformed: Error, Sendable, Hashable, CustomStringConvertible {
        /// The byte at which it went wrong (counted from the document's first byte).
        public var offset: Int64
        public var reason: String
        public var description: String { "malformed JSON at byte \(offset): \(reason)" }
    }

    private let target: Target
    private let targetKey: [UInt8]
    private let maxElementBytes: Int
    private let maxDepth: Int
    private var offset: Int64 = 0
    private var stack: [UInt8] = []
    private var inString = false
    private var escaped = false
    private var startedDocument = false
    private var finishedDocument = false
    // Keys of the top-level object.
    private var expectKey = false
    private var capturingKey = false
    private var keyBytes: [UInt8] = []
    private var lastKey: [UInt8]?
    // The target array and its element in progress.
    private var arrayDepth: Int?
    private var arrayClosed = false
    private var element: [UInt8] = []
    private var inElement = false
    private var scalarElement = false
    private var needComma = false
    private var afterComma = false
    /// How many elements were handed over.
    public private(set) var count = 0

    /// `maxElementBytes`: the largest element accepted (more is malformed input, not memory to spend).
    public init(target: Target, maxElementBytes: Int = 64 << 20, maxDepth: Int = 512) {
        self.target = target
        switch target {
        case .document: targetKey = []
        case .key(let key), .member(let key): targetKey = Array(key.utf8)
        }
        self.maxElementBytes = maxElementBytes
        self.maxDepth = maxDepth
    }

    /// Whether the target array was found (so far).
    public var foundArray: Bool { arrayDepth != nil }

    /// Feeds the next piece of the document; `emit` receives each element completed in it.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, _ emit: (Data) throws -> Void) throws {
        var index = 0
        while index < bytes.count {
            // Most of a document is the inside of strings: a run of plain string bytes is taken at once,
            // the byte that ends it (a quote, a backslash, a control character) one at a time.
            if inString, !escaped, !capturingKey {
                let end = Self.plainStringEnd(bytes, from: index)
                if end > index {
                    if inElement {
                        guard element.count + (end - index) <= maxElementBytes else {
                            offset += Int64(maxElementBytes - element.count + 1)
                            throw fail("element \(count + 1) is larger than \(maxElementBytes) bytes")
                        }
                        element.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<end]))
                    }
                    offset += Int64(end - index)
                    index = end
                    continue
                }
            }
            try consume(bytes[index], emit)
            index += 1
        }
    }

    /// Where the run of string bytes that need no attention (neither a quote, a backslash nor a control
    /// character) starting at `start` ends.
    private static func plainStringEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return index }
            index += 1
        }
        return index
    }

    /// Feeds the next piece of the document.
    public mutating func feed(_ data: Data, _ emit: (Data) throws -> Void) throws {
        try data.withUnsafeBytes { try feed($0, emit) }
    }

    /// Says the document ended: throws when it ended early (cut short) or held no such array.
    public mutating func finish() throws(Malformed) {
        if scalarElement { throw Malformed(offset: offset, reason: "truncated inside an element") }
        guard startedDocument else { throw Malformed(offset: offset, reason: "empty document") }
        guard !inString, stack.isEmpty, finishedDocument else {
            throw Malformed(
                offset: offset,
                reason:
                    "truncated: the document ends inside \(inString ? "a string" : "an unclosed \(stack.last == UInt8(ascii: "{") ? "object" : "array")")"
            )
        }
        guard arrayDepth != nil else {
            switch target {
            case .document: throw Malformed(offset: 0, reason: "not an array")
            case .key(let key): throw Malformed(offset: 0, reason: "no \"\(key)\" array in the top-level object")
            case .member(let key): throw Malformed(offset: 0, reason: "no \"\(key)\" in the top-level object")
            }
        }
    }

    private mutating func fail(_ reason: String) -> Malformed { Malformed(offset: offset - 1, reason: reason) }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private mutating func consume(_ byte: UInt8, _ emit: (Data) throws -> Void) throws {
        offset += 1
        if inString { return try consumeInString(byte, emit) }
        if scalarElement {
            if Self.isWhitespace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]")
                || byte == UInt8(ascii: "}")
            {
                scalarElement = false
                try finishElement(emit)
            } else {
                try append(byte)
                return
            }
        }
        if finishedDocument {
            guard Self.isWhitespace(byte) else { throw fail("data after the end of the document") }
            return
        }
        if Self.isWhitespace(byte) {
            if inElement { try append(byte) }
            return
        }
        let depth = stack.count
        let atElementLevel = arrayDepth == depth && !arrayClosed && !inElement
        switch byte {
        case UInt8(ascii: "\""):
            inString = true
            if inElement {
                try append(byte)
            } else if atElementLevel {
                try startElement(byte)
            } else if depth == 1, stack.last == UInt8(ascii: "{"), expectKey {
                capturingKey = true
                keyBytes.removeAll(keepingCapacity: true)
            }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            if depth == 0 {
                guard !startedDocument else { throw fail("data after the end of the document") }
                startedDocument = true
            }
            if atElementLevel { try startElement(byte) } else if inElement { try append(byte) }
            guard stack.count < maxDepth else { throw fail("nested deeper than \(maxDepth) levels") }
            let opensTarget = byte == UInt8(ascii: "[") && arrayDepth == nil && isTarget(depth: depth)
            stack.append(byte)
            if opensTarget { arrayDepth = depth + 1 }
            if depth == 0, byte == UInt8(ascii: "{") { expectKey = true }
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            guard let open = stack.last, open == (byte == UInt8(ascii: "}") ? UInt8(ascii: "{") : UInt8(ascii: "["))
            else {
                throw fail("unexpected \(Character(UnicodeScalar(byte)))")
            }
            if byte == UInt8(ascii: "]"), arrayDepth == depth, !arrayClosed, !inElement {
                if afterComma { throw fail("a comma before ]") }
                arrayClosed = true
            }
            stack.removeLast()
            if inElement {
                try append(byte)
                if stack.count == arrayDepth { try finishElement(emit) }
            }
            if stack.isEmpty { finishedDocument = true }
        case UInt8(ascii: ","):
            if inElement {
                try append(byte)
            } else if arrayDepth == depth, !arrayClosed {
                guard needComma else { throw fail("a comma where an element was expected") }
                needComma = false
                afterComma = true
            }
            if depth == 1, stack.last == UInt8(ascii: "{") {
                expectKey = true
                lastKey = nil
            }
        case UInt8(ascii: ":"):
            if inElement { try append(byte) }
            if depth == 1, stack.last == UInt8(ascii: "{") {
                expectKey = false
                if case .member = target, arrayDepth == nil, lastKey == targetKey { arrayDepth = 1 }
            }
        default:
            guard depth > 0 else { throw fail("expected an object or an array") }
            if inElement {
                try append(byte)
            } else if atElementLevel {
                try startElement(byte)
                scalarElement = true
            }
        }
    }

    private mutating func consumeInString(_ byte: UInt8, _ emit: (Data) throws -> Void) throws {
        if inElement { try append(byte) }
        if capturingKey {
            guard keyBytes.count < 1024 else { throw fail("a key longer than 1024 bytes") }
            keyBytes.append(byte)
        }
        if escaped {
            escaped = false
        } else if byte == UInt8(ascii: "\\") {
            escaped = true
        } else if byte == UInt8(ascii: "\"") {
            inString = false
            if capturingKey {
                capturingKey = false
                keyBytes.removeLast()
                lastKey = keyBytes
            }
            if inElement, stack.count == arrayDepth, element.first == UInt8(ascii: "\"") { try finishElement(emit) }
        } else if byte < 0x20 {
            throw fail("a control character inside a string")
        }
    }

    private func isTarget(depth: Int) -> Bool {
        switch target {
        case .document: depth == 0
        case .key: depth == 1 && stack.last == UInt8(ascii: "{") && lastKey == targetKey
        case .member: false
        }
    }

    private mutating func startElement(_ byte: UInt8) throws {
        if needComma { throw fail("expected , or ] between elements") }
        inElement = true
        afterComma = false
        element.removeAll(keepingCapacity: true)
        element.append(byte)
    }

    private mutating func append(_ byte: UInt8) throws {
        guard element.count < maxElementBytes else {
            throw fail("element \(count + 1) is larger than \(maxElementBytes) bytes")
        }
        element.append(byte)
    }

    private mutating func finishElement(_ emit: (Data) throws -> Void) throws {
        inElement = false
        needComma = true
        if case .member = target { arrayClosed = true }
        count += 1
        try emit(Data(element))
        element.removeAll(keepingCapacity: element.count <= 1 << 20)
    }
}
