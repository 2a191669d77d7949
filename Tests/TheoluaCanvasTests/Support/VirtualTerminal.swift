@testable import TheoluaCanvas

/// A minimal terminal for tests: applies the sequences a `FrameEncoder` writes (CUP,
/// CUU/CUD/CUF/CUB, CHA, EL, ED 2, SGR, CR, LF and text) to a screen of cells, so a
/// test can check that the bytes reproduce the frame.
struct VirtualTerminal {
    var screen: CellBuffer
    private var x = 0
    private var y = 0
    private var pen = CellStyle.plain

    init(replaying start: CellBuffer, _ bytes: [UInt8]) {
        screen = start
        apply(bytes)
    }

    /// Applies more output; the cursor and pen carry over from earlier output.
    mutating func apply(_ bytes: [UInt8]) {
        let text = Array(String(decoding: bytes, as: UTF8.self))
        var index = 0
        while index < text.count {
            let character = text[index]
            index += 1
            switch character {
            case "\u{1B}":
                guard index < text.count, text[index] == "[" else { continue }
                index += 1
                var parameters = ""
                while index < text.count, !(text[index].isLetter) {
                    parameters.append(text[index])
                    index += 1
                }
                guard index < text.count else { return }
                let final = text[index]
                index += 1
                control(final, parameters)
            case "\r": x = 0
            case "\n": y += 1
            case "\r\n":  // one grapheme cluster in Swift
                x = 0
                y += 1
            default:
                let width = screen.put(character, x: x, y: y, style: pen)
                x += width
            }
        }
    }

    private mutating func control(_ final: Character, _ parameters: String) {
        if parameters.hasPrefix("?") { return }
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        let first = numbers.first ?? 0
        let count = max(1, first)
        switch final {
        case "H":
            y = max(1, first) - 1
            x = max(1, numbers.count > 1 ? numbers[1] : 1) - 1
        case "A": y -= count
        case "B": y += count
        case "C": x += count
        case "D": x -= count
        case "G": x = count - 1
        case "K":
            screen.fill(
                Rect(x: x, y: y, width: screen.width - x, height: 1),
                style: CellStyle(background: pen.background))
        case "J": screen.fill(screen.bounds, style: CellStyle(background: pen.background))
        case "m": applySGR(numbers.isEmpty ? [0] : numbers)
        default: break
        }
    }

    private mutating func applySGR(_ numbers: [Int]) {
        var index = 0
        while index < numbers.count {
            let code = numbers[index]
            index += 1
            switch code {
            case 0: pen = .plain
            case 1: pen.attributes.insert(.bold)
            case 2: pen.attributes.insert(.dim)
            case 3: pen.attributes.insert(.italic)
            case 4: pen.attributes.insert(.underline)
            case 7: pen.attributes.insert(.inverse)
            case 9: pen.attributes.insert(.strike)
            case 22: pen.attributes.subtract([.bold, .dim])
            case 23: pen.attributes.remove(.italic)
            case 24: pen.attributes.remove(.underline)
            case 27: pen.attributes.remove(.inverse)
            case 29: pen.attributes.remove(.strike)
            case 30...37: pen.foreground = .palette(UInt8(code - 30))
            case 90...97: pen.foreground = .palette(UInt8(code - 82))
            case 40...47: pen.background = .palette(UInt8(code - 40))
            case 100...107: pen.background = .palette(UInt8(code - 92))
            case 39: pen.foreground = .default
            case 49: pen.background = .default
            case 38, 48:
                var color = Color.default
                if index < numbers.count, numbers[index] == 5, index + 1 < numbers.count {
                    color = .palette(UInt8(clamping: numbers[index + 1]))
                    index += 2
                } else if index + 3 < numbers.count, numbers[index] == 2 {
                    color = .rgb(
                        red: UInt8(clamping: numbers[index + 1]), green: UInt8(clamping: numbers[index + 2]),
                        blue: UInt8(clamping: numbers[index + 3]))
                    index += 4
                }
                if code == 38 { pen.foreground = color } else { pen.background = color }
            default: break
            }
        }
    }
}
