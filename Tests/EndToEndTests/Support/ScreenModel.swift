/// A tiny terminal emulator for tests: applies what `theolua run` writes (printable
/// text, CUP and relative cursor moves, CR/LF, erase in line/display) to a grid of
/// cells, and keeps track of the modes it turns on and off (the alternate screen, with
/// the normal one kept under it as xterm keeps it, cursor
/// visibility, synchronized update, mouse reports, the keyboard protocol), and which cells were written in inverse video
/// (SGR 7). Other SGR attributes and other sequences are parsed and ignored.
struct ScreenModel: CustomStringConvertible {
    private(set) var width: Int
    private(set) var height: Int
    /// Each cell's text; "" for the right half of a wide character.
    private var cells: [[String]]
    /// Whether each cell was written in inverse video.
    private var inverseCells: [[Bool]]
    /// Whether text written now is inverse (SGR 7 on, 27 or 0 off).
    private var penInverse = false
    private(set) var cursorX = 0
    private(set) var cursorY = 0
    /// Whether the alternate screen is active (`CSI ?1049h`).
    private(set) var alternateScreen = false
    /// The normal screen's cells and cursor while the alternate screen is shown.
    private var savedScreen: (cells: [[String]], inverse: [[Bool]], x: Int, y: Int)?
    /// Whether the cursor is visible (`CSI ?25h` / `?25l`).
    private(set) var cursorVisible = true
    /// Whether a synchronized update is open (`CSI ?2026h` without its `l` yet).
    private(set) var inSynchronizedUpdate = false
    /// The mouse reporting modes on (`CSI ?1000h`, `?1002h`, `?1003h`, `?1006h`).
    private(set) var mouseModes: Set<Int> = []
    /// Keyboard protocol flags pushed (`CSI > n u`) and not popped (`CSI < u`).
    private(set) var keyboardProtocolPushes = 0
    /// Bytes of an escape sequence or UTF-8 character cut by the end of a chunk.
    private var pending: [UInt8] = []
    /// The lines scrolled off the top of the screen, oldest first.
    private(set) var scrollback: [String] = []
    /// What the terminal answers (cursor position reports for `CSI 6 n`), for the
    /// program to read.
    private var replies: [UInt8] = []

    /// Returns and forgets the answers the terminal owes the program.
    mutating func takeReplies() -> [UInt8] {
        defer { replies.removeAll() }
        return replies
    }

    init(width: Int, height: Int) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        cells = Array(repeating: Array(repeating: " ", count: max(width, 1)), count: max(height, 1))
        inverseCells = Array(repeating: Array(repeating: false, count: max(width, 1)), count: max(height, 1))
    }

    /// Whether the cell at (x, y) was written in inverse video.
    func isInverse(x: Int, y: Int) -> Bool {
        guard y >= 0, y < height, x >= 0, x < width else { return false }
        return inverseCells[y][x]
    }

    /// The rows as text, trailing spaces removed.
    var lines: [String] {
        cells.map { row in
            var line = row.joined()
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// The screen as text, rows joined with newlines.
    var text: String { lines.joined(separator: "\n") }

    /// The screen framed, as failure messages show it.
    var description: String { "\n" + lines.map { "│" + $0 }.joined(separator: "\n") }

    /// Clears the grid and takes a new size (the terminal was resized).
    mutating func resize(width: Int, height: Int) {
        self = ScreenModel(width: width, height: height)
    }

    /// Applies bytes written to the terminal.
    mutating func feed(_ bytes: [UInt8]) {
        let data = pending + bytes
        pending = []
        var index = 0
        while index < data.count {
            let byte = data[index]
            if byte == 0x1B {
                guard let consumed = escape(data, at: index) else {
                    pending = Array(data[index...])
                    return
                }
                index += consumed
            } else if byte < 0x20 || byte == 0x7F {
                control(byte)
                index += 1
            } else {
                let length = byte < 0xC0 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                guard index + length <= data.count else {
                    pending = Array(data[index...])
                    return
                }
                let text = String(decoding: data[index..<(index + length)], as: UTF8.self)
                for scalar in text.unicodeScalars { put(scalar) }
                index += length
            }
        }
    }

    private mutating func control(_ byte: UInt8) {
        switch byte {
        case 0x0D: cursorX = 0
        case 0x0A: lineFeed()
        case 0x08: cursorX = max(cursorX - 1, 0)
        default: break
        }
    }

    /// Applies the escape sequence at `start`; returns its length, or nil when it is cut.
    private mutating func escape(_ data: [UInt8], at start: Int) -> Int? {
        guard start + 1 < data.count else { return nil }
        switch data[start + 1] {
        case UInt8(ascii: "["):
            var index = start + 2
            while index < data.count, !(0x40...0x7E).contains(data[index]) { index += 1 }
            guard index < data.count else { return nil }
            let parameters = String(decoding: data[(start + 2)..<index], as: UTF8.self)
            csi(parameters, final: data[index])
            return index - start + 1
        case UInt8(ascii: "]"):
            // OSC: up to BEL or ESC \.
            var index = start + 2
            while index < data.count {
                if data[index] == 0x07 { return index - start + 1 }
                if data[index] == 0x1B, index + 1 < data.count, data[index + 1] == UInt8(ascii: "\\") {
                    return index - start + 2
                }
                index += 1
            }
            return nil
        case UInt8(ascii: "("), UInt8(ascii: ")"):
            return start + 2 < data.count ? 3 : nil
        default:
            return 2
        }
    }

    private mutating func csi(_ parameters: String, final: UInt8) {
        let isPrivate = parameters.hasPrefix("?")
        let numbers = parameters.drop(while: { $0 == "?" }).split(separator: ";", omittingEmptySubsequences: false)
            .map { Int($0) }
        func number(_ position: Int, default value: Int) -> Int {
            guard position < numbers.count, let given = numbers[position], given > 0 else { return value }
            return given
        }
        switch final {
        case UInt8(ascii: "H"), UInt8(ascii: "f"):
            cursorY = min(number(0, default: 1), height) - 1
            cursorX = min(number(1, default: 1), width) - 1
        case UInt8(ascii: "A"): cursorY = max(cursorY - number(0, default: 1), 0)
        case UInt8(ascii: "B"): cursorY = min(cursorY + number(0, default: 1), height - 1)
        case UInt8(ascii: "C"): cursorX = min(cursorX + number(0, default: 1), width - 1)
        case UInt8(ascii: "D"): cursorX = max(min(cursorX, width - 1) - number(0, default: 1), 0)
        case UInt8(ascii: "G"): cursorX = min(number(0, default: 1), width) - 1
        case UInt8(ascii: "K"):
            let mode = numbers.first.flatMap { $0 } ?? 0
            let range = mode == 0 ? min(cursorX, width)..<width : mode == 1 ? 0..<min(cursorX + 1, width) : 0..<width
            for column in range {
                cells[cursorY][column] = " "
                inverseCells[cursorY][column] = false
            }
        case UInt8(ascii: "J"):
            switch numbers.first.flatMap({ $0 }) ?? 0 {
            case 0:
                for column in min(cursorX, width)..<width { cells[cursorY][column] = " " }
                for row in (cursorY + 1)..<max(cursorY + 1, height) { erase(row: row) }
            case 1:
                for row in 0..<cursorY { erase(row: row) }
                for column in 0..<min(cursorX + 1, width) { cells[cursorY][column] = " " }
            default: clear()
            }
        case UInt8(ascii: "n") where !isPrivate && number(0, default: 0) == 6:
            replies += Array("\u{1B}[\(cursorY + 1);\(min(cursorX, width - 1) + 1)R".utf8)
        case UInt8(ascii: "h") where isPrivate, UInt8(ascii: "l") where isPrivate:
            let on = final == UInt8(ascii: "h")
            for mode in numbers.compactMap({ $0 }) {
                switch mode {
                case 1049 where on != alternateScreen:
                    // As xterm: the normal screen and the cursor are kept while the
                    // alternate one (cleared) is shown, and come back when it goes.
                    if on {
                        savedScreen = (cells, inverseCells, cursorX, cursorY)
                        clear()
                    } else if let saved = savedScreen {
                        (cells, inverseCells, cursorX, cursorY) = saved
                        savedScreen = nil
                    }
                    alternateScreen = on
                case 25: cursorVisible = on
                case 2026: inSynchronizedUpdate = on
                case 1000, 1002, 1003, 1006:
                    if on { mouseModes.insert(mode) } else { mouseModes.remove(mode) }
                default: break
                }
            }
        case UInt8(ascii: "u") where parameters.hasPrefix(">"):
            keyboardProtocolPushes += 1
        case UInt8(ascii: "u") where parameters.hasPrefix("<"):
            keyboardProtocolPushes = max(0, keyboardProtocolPushes - max(Int(parameters.dropFirst()) ?? 1, 1))
        case UInt8(ascii: "m"):
            selectGraphicRendition(numbers.map { $0 ?? 0 })
        default:
            break  // the rest do not change the text
        }
    }

    /// Follows SGR's inverse attribute, skipping the operands of extended colors.
    private mutating func selectGraphicRendition(_ codes: [Int]) {
        var index = 0
        while index < codes.count {
            switch codes[index] {
            case 0: penInverse = false
            case 7: penInverse = true
            case 27: penInverse = false
            case 38, 48, 58:
                if index + 1 < codes.count { index += codes[index + 1] == 2 ? 4 : 2 }
            default: break
            }
            index += 1
        }
        if codes.isEmpty { penInverse = false }
    }

    /// Moves the cursor down a row; at the bottom, the screen scrolls up a line, its top
    /// line going to the scrollback.
    private mutating func lineFeed() {
        if cursorY < height - 1 {
            cursorY += 1
            return
        }
        scrollback.append(lines[0])
        cells.removeFirst()
        inverseCells.removeFirst()
        cells.append(Array(repeating: " ", count: width))
        inverseCells.append(Array(repeating: false, count: width))
    }

    private mutating func erase(row: Int) {
        guard row >= 0, row < height else { return }
        cells[row] = Array(repeating: " ", count: width)
        inverseCells[row] = Array(repeating: false, count: width)
    }

    private mutating func clear() {
        cells = Array(repeating: Array(repeating: " ", count: width), count: height)
        inverseCells = Array(repeating: Array(repeating: false, count: width), count: height)
    }

    private mutating func put(_ scalar: Unicode.Scalar) {
        let cellWidth = Self.width(of: scalar)
        if cellWidth == 0 {
            // A combining mark joins the character before it.
            if cursorX > 0 { cells[cursorY][min(cursorX, width) - 1].unicodeScalars.append(scalar) }
            return
        }
        if cursorX + cellWidth > width {
            // Pending wrap: the next character goes to the start of the next line.
            cursorX = 0
            lineFeed()
        }
        cells[cursorY][cursorX] = String(scalar)
        inverseCells[cursorY][cursorX] = penInverse
        if cellWidth == 2, cursorX + 1 < width { cells[cursorY][cursorX + 1] = "" }
        cursorX += cellWidth
    }

    /// Cells a scalar takes: 0 for combining marks, 2 for East Asian wide and emoji.
    static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F, 0x20D0...0x20FF: return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default: return 1
        }
    }
}
