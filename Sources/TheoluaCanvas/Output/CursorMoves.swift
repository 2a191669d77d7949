/// Cursor movement sequences, and the choice of the shortest way from one cell to another.
enum CursorMoves {
    private static let escape: UInt8 = 0x1B
    private static let bracket = UInt8(ascii: "[")

    /// CUP with 1-based row and column, leaving out the parts that default to 1.
    static func appendPosition(x: Int, y: Int, into out: inout [UInt8]) {
        out.append(escape)
        out.append(bracket)
        if x == 0 {
            if y > 0 { appendDecimal(y + 1, to: &out) }
        } else {
            appendDecimal(y + 1, to: &out)
            out.append(UInt8(ascii: ";"))
            appendDecimal(x + 1, to: &out)
        }
        out.append(UInt8(ascii: "H"))
    }

    static func positionCost(x: Int, y: Int) -> Int {
        if x == 0 { return y == 0 ? 3 : 3 + decimalDigits(y + 1) }
        return 4 + decimalDigits(y + 1) + decimalDigits(x + 1)
    }

    /// A relative move (CUU, CUD, CUF, CUB, CHA): `final` is A, B, C, D or G; a count of 1
    /// is left out except for CHA, whose parameter is a column.
    static func appendRelative(_ count: Int, _ final: UInt8, into out: inout [UInt8]) {
        out.append(escape)
        out.append(bracket)
        if count != 1 || final == UInt8(ascii: "G") { appendDecimal(count, to: &out) }
        out.append(final)
    }

    static func relativeCost(_ count: Int, _ final: UInt8) -> Int {
        count != 1 || final == UInt8(ascii: "G") ? 3 + decimalDigits(count) : 3
    }

    /// The ways to go along a row from column `from` to column `to`, with their costs.
    enum Horizontal {
        case none
        case forward(Int)
        case backward(Int)
        case column(Int)
        case carriageReturn
        case carriageReturnForward(Int)

        var cost: Int {
            switch self {
            case .none: return 0
            case .forward(let count): return CursorMoves.relativeCost(count, UInt8(ascii: "C"))
            case .backward(let count): return CursorMoves.relativeCost(count, UInt8(ascii: "D"))
            case .column(let column): return CursorMoves.relativeCost(column + 1, UInt8(ascii: "G"))
            case .carriageReturn: return 1
            case .carriageReturnForward(let count):
                return 1 + CursorMoves.relativeCost(count, UInt8(ascii: "C"))
            }
        }

        func append(into out: inout [UInt8]) {
            switch self {
            case .none: break
            case .forward(let count): CursorMoves.appendRelative(count, UInt8(ascii: "C"), into: &out)
            case .backward(let count): CursorMoves.appendRelative(count, UInt8(ascii: "D"), into: &out)
            case .column(let column): CursorMoves.appendRelative(column + 1, UInt8(ascii: "G"), into: &out)
            case .carriageReturn: out.append(0x0D)
            case .carriageReturnForward(let count):
                out.append(0x0D)
                CursorMoves.appendRelative(count, UInt8(ascii: "C"), into: &out)
            }
        }
    }

    /// The cheapest escape-only way along a row.
    static func horizontal(from: Int, to: Int) -> Horizontal {
        if from == to { return .none }
        var best: Horizontal = .column(to)
        if to > from {
            let forward = Horizontal.forward(to - from)
            if forward.cost < best.cost { best = forward }
        } else {
            let backward = Horizontal.backward(from - to)
            if backward.cost < best.cost { best = backward }
            let carriage: Horizontal = to == 0 ? .carriageReturn : .carriageReturnForward(to)
            if carriage.cost < best.cost { best = carriage }
        }
        return best
    }
}
