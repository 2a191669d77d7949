/// Select Graphic Rendition: the escape codes that change the terminal's pen.
///
/// Every change is written as the shortest of two forms: only what differs
/// (`␛[22;31m`), or a reset followed by everything the new style needs (`␛[0;4m`).
enum SGR {
    private static let escape: UInt8 = 0x1B

    /// Appends the escape codes that turn the pen from `old` into `new`: the hyperlink
    /// (OSC 8) when it changes, then the rendition; nothing if equal.
    static func appendTransition(from old: CellStyle, to new: CellStyle, into out: inout [UInt8]) {
        if old == new { return }
        if old.link != new.link { appendLink(new.link, into: &out) }
        var old = old
        old.link = new.link
        if old == new { return }
        if new.foreground == .default, new.background == .default, new.attributes.isEmpty {
            out.append(contentsOf: [escape, UInt8(ascii: "["), UInt8(ascii: "m")])
            return
        }
        let start = out.count
        out.append(escape)
        out.append(UInt8(ascii: "["))
        let removed = old.attributes.subtracting(new.attributes)
        var first = true
        var added = new.attributes.subtracting(old.attributes)
        if !removed.isEmpty {
            if !removed.isDisjoint(with: [.bold, .dim]) {
                append(22, &first, &out)
                added.formUnion(new.attributes.intersection([.bold, .dim]))
            }
            if removed.contains(.italic) { append(23, &first, &out) }
            if removed.contains(.underline) { append(24, &first, &out) }
            if removed.contains(.inverse) { append(27, &first, &out) }
            if removed.contains(.strike) { append(29, &first, &out) }
        }
        appendAttributes(added, &first, &out)
        if old.foreground != new.foreground { appendColor(new.foreground, background: false, &first, &out) }
        if old.background != new.background { appendColor(new.background, background: true, &first, &out) }
        out.append(UInt8(ascii: "m"))

        guard !removed.isEmpty else { return }
        // A reset may be shorter when much is turned off.
        var reset: [UInt8] = [escape, UInt8(ascii: "["), UInt8(ascii: "0")]
        var resetFirst = false
        appendAttributes(new.attributes, &resetFirst, &reset)
        if new.foreground != .default { appendColor(new.foreground, background: false, &resetFirst, &reset) }
        if new.background != .default { appendColor(new.background, background: true, &resetFirst, &reset) }
        reset.append(UInt8(ascii: "m"))
        if reset.count < out.count - start {
            out.removeSubrange(start...)
            out.append(contentsOf: reset)
        }
    }

    /// Appends the OSC 8 sequence that starts `link`, or ends the current one for none.
    static func appendLink(_ link: Hyperlink, into out: inout [UInt8]) {
        out.append(contentsOf: [escape, UInt8(ascii: "]"), UInt8(ascii: "8"), UInt8(ascii: ";"), UInt8(ascii: ";")])
        if let url = link.url { out.append(contentsOf: url.utf8) }
        out.append(contentsOf: [escape, UInt8(ascii: "\\")])
    }

    /// Returns the escape code that turns a plain pen into `style` (empty for plain).
    static func sequence(for style: CellStyle) -> [UInt8] {
        var out: [UInt8] = []
        appendTransition(from: .plain, to: style, into: &out)
        return out
    }

    private static func appendAttributes(
        _ attributes: TextAttributes, _ first: inout Bool, _ out: inout [UInt8]
    ) {
        if attributes.isEmpty { return }
        if attributes.contains(.bold) { append(1, &first, &out) }
        if attributes.contains(.dim) { append(2, &first, &out) }
        if attributes.contains(.italic) { append(3, &first, &out) }
        if attributes.contains(.underline) { append(4, &first, &out) }
        if attributes.contains(.inverse) { append(7, &first, &out) }
        if attributes.contains(.strike) { append(9, &first, &out) }
    }

    private static func appendColor(
        _ color: Color, background: Bool, _ first: inout Bool, _ out: inout [UInt8]
    ) {
        switch color.kind {
        case .default:
            append(background ? 49 : 39, &first, &out)
        case .palette(let index) where index < 8:
            append((background ? 40 : 30) + Int(index), &first, &out)
        case .palette(let index) where index < 16:
            append((background ? 100 : 90) + Int(index) - 8, &first, &out)
        case .palette(let index):
            append(background ? 48 : 38, &first, &out)
            append(5, &first, &out)
            append(Int(index), &first, &out)
        case .rgb(let red, let green, let blue):
            append(background ? 48 : 38, &first, &out)
            append(2, &first, &out)
            append(Int(red), &first, &out)
            append(Int(green), &first, &out)
            append(Int(blue), &first, &out)
        }
    }

    private static func append(_ parameter: Int, _ first: inout Bool, _ out: inout [UInt8]) {
        if !first { out.append(UInt8(ascii: ";")) }
        first = false
        appendDecimal(parameter, to: &out)
    }
}

/// Appends the decimal digits of a non-negative number, without allocating.
func appendDecimal(_ value: Int, to out: inout [UInt8]) {
    if value < 10 {
        out.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: max(value, 0)))
        return
    }
    var divisor = 1
    while divisor * 10 <= value { divisor *= 10 }
    var rest = value
    while divisor > 0 {
        out.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest / divisor))
        rest %= divisor
        divisor /= 10
    }
}

/// The number of decimal digits of a non-negative number.
func decimalDigits(_ value: Int) -> Int {
    var digits = 1
    var rest = value
    while rest >= 10 {
        rest /= 10
        digits += 1
    }
    return digits
}
