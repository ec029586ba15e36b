import Foundation

extension StatusHTML {
    struct Writer {
        let display: Bool
        private(set) var out: [UInt8] = []
        /// Whether anything visible has been written: breaks before that are dropped.
        private var started = false
        private var lineHasContent = false
        private var pendingNewlines = 0
        private var pendingQuoteDepth = Int.max
        private var pendingSpace = false
        private(set) var contexts: [LineContext] = []
        private var quoteDepth = 0
        /// > 0 while inside dropped content.
        var suppress = 0
        /// > 0 inside `pre`/`code`: whitespace is kept as written.
        var preserve = 0
        /// While non-nil, visible text goes here instead (the text of a mention link).
        private(set) var capture: [UInt8]?
        private var captureSpace = false

        init(display: Bool) {
            self.display = display
            out.reserveCapacity(256)
        }

        enum Sink { case none, out, capture }

        /// Call before appending visible bytes: emits any pending line break, line prefix or space.
        private mutating func beginVisible() -> Sink {
            if suppress > 0 { return .none }
            if capture != nil {
                if captureSpace {
                    capture?.append(0x20)
                    captureSpace = false
                }
                return .capture
            }
            if pendingNewlines > 0 {
                if started {
                    out.append(0x0A)
                    if pendingNewlines > 1 {
                        let depth = display ? min(pendingQuoteDepth, quoteDepth, Self.maxDrawnContexts) : 0
                        for _ in 1..<pendingNewlines {
                            for k in 0..<depth {
                                if k > 0 { out.append(0x20) }
                                out.append(UInt8(ascii: ">"))
                            }
                            out.append(0x0A)
                        }
                    }
                    lineHasContent = false
                }
                pendingNewlines = 0
                pendingQuoteDepth = .max
            }
            if !lineHasContent {
                if display { writePrefix() }
                lineHasContent = true
                pendingSpace = false
            } else if pendingSpace {
                out.append(0x20)
                pendingSpace = false
            }
            started = true
            return .out
        }

        /// At most this many nesting levels are drawn, so hostile nesting cannot blow up the output.
        static let maxDrawnContexts = 12

        private mutating func writePrefix() {
            for k in contexts.indices.prefix(Self.maxDrawnContexts) {
                switch contexts[k] {
                case .quote:
                    out.append(UInt8(ascii: ">"))
                    out.append(0x20)
                case .item(let marker, let width, let pending):
                    if pending {
                        out.append(contentsOf: marker)
                        contexts[k] = .item(marker: marker, width: width, pending: false)
                    } else {
                        for _ in 0..<max(width, 0) { out.append(0x20) }
                    }
                }
            }
        }

        /// Appends bytes that are known to be visible, valid UTF-8 without controls or whitespace.
        mutating func visible(_ bytes: ArraySlice<UInt8>) {
            switch beginVisible() {
            case .none: break
            case .out: out.append(contentsOf: bytes)
            case .capture: capture?.append(contentsOf: bytes)
            }
        }

        mutating func visible(byte: UInt8) {
            switch beginVisible() {
            case .none: break
            case .out: out.append(byte)
            case .capture: capture?.append(byte)
            }
        }

        /// Collapsible whitespace.
        mutating func space() {
            if suppress > 0 { return }
            if capture != nil {
                if capture?.isEmpty == false { captureSpace = true }
                return
            }
            if lineHasContent && pendingNewlines == 0 { pendingSpace = true }
        }

        /// At least `count` line breaks before the next text (1: new line, 2: blank line).
        mutating func blockBreak(_ count: Int) {
            addBreaks { $0 = max($0, count) }
        }

        /// One more line break (`<br>`, a newline in `pre`).
        mutating func lineBreak() {
            addBreaks { $0 += 1 }
        }

        /// What both kinds of break do: nothing while suppressed, a space inside a capture; otherwise the
        /// pending space gives way and, once text has started, `count` sets the pending line breaks.
        private mutating func addBreaks(_ count: (inout Int) -> Void) {
            if suppress > 0 { return }
            if capture != nil {
                space()
                return
            }
            pendingSpace = false
            guard started else { return }
            count(&pendingNewlines)
            pendingQuoteDepth = min(pendingQuoteDepth, quoteDepth)
        }

        mutating func pushContext(_ context: LineContext) {
            if case .quote = context { quoteDepth += 1 }
            contexts.append(context)
        }

        mutating func popContext() {
            guard let last = contexts.popLast() else { return }
            if case .quote = last { quoteDepth -= 1 }
        }

        mutating func startCapture() {
            capture = []
            captureSpace = false
        }

        /// Ends a capture and returns what it collected.
        mutating func endCapture() -> [UInt8] {
            let captured = capture ?? []
            capture = nil
            captureSpace = false
            return captured
        }
    }
}
