/// What a terminal shows after a program's bytes: enough of a VT100 to follow carriage returns, new
/// lines, cursor-up and line erasing (what progress lines use); colour codes are dropped.
struct TerminalScreen {
    private(set) var rows: [[Character]] = [[]]
    private var row = 0
    private var column = 0

    init(_ text: String) {
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            switch character {
            case "\r": column = 0
            case "\n", "\r\n":
                row += 1
                column = 0
                if row == rows.count { rows.append([]) }
            case "\u{1B}":
                guard characters.first == "[" else { continue }
                characters.removeFirst()
                var parameter = ""
                while let next = characters.popFirst() {
                    if next.isNumber || next == ";" {
                        parameter.append(next)
                        continue
                    }
                    apply(next, Int(parameter))
                    break
                }
            default:
                while rows[row].count < column { rows[row].append(" ") }
                if column < rows[row].count { rows[row][column] = character } else { rows[row].append(character) }
                column += 1
            }
        }
    }

    private mutating func apply(_ command: Character, _ count: Int?) {
        switch command {
        case "A": row = max(0, row - (count ?? 1))
        case "K": if column < rows[row].count { rows[row].removeSubrange(column...) }
        case "J":
            if column < rows[row].count { rows[row].removeSubrange(column...) }
            rows.removeSubrange((row + 1)...)
        default: break  // colours and the like: nothing to lay out
        }
    }

    /// The lines as they read now.
    var lines: [String] { rows.map { String($0) } }
}
