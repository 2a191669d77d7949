import TheoluaCanvas
import TheoluaCore

/// Turns primitive props into canvas styles.
///
/// The Lua bridge has validated script props already, but Swift hosts build elements
/// too, so every reader here is lenient: a value of the wrong type or out of range is
/// read as if the prop were absent, never as an error or a crash.
enum PropsMapping {
    /// A `ui.box` style (also a scroll's, a button's and an input's frame) from `props`.
    static func boxStyle(_ props: Record) -> BoxStyle {
        var style = BoxStyle()
        applySizing(props, to: &style)
        if props["direction"]?.stringValue == "row" { style.direction = .row }
        style.padding = edges(props["padding"])
        style.gap = max(0, props["gap"]?.intValue ?? 0)
        style.border = props["border"]?.stringValue.flatMap(BorderKind.init(parsing:))
        style.borderColor = color(props["borderColor"])
        style.title = props["title"]?.stringValue
        style.background = color(props["bg"])
        style.align = alignment(props["align"])
        style.justify = justification(props["justify"])
        return style
    }

    /// Sets the flex-item props every primitive takes: sizes, `grow`, `shrink`, `margin`.
    static func applySizing(_ props: Record, to style: inout BoxStyle) {
        style.width = dimension(props["width"])
        style.height = dimension(props["height"])
        style.minWidth = dimension(props["minWidth"])
        style.maxWidth = dimension(props["maxWidth"])
        style.minHeight = dimension(props["minHeight"])
        style.maxHeight = dimension(props["maxHeight"])
        style.grow = number(props["grow"], default: 0)
        style.shrink = number(props["shrink"], default: 1)
        style.margin = edges(props["margin"])
    }

    /// The sizing-only style of a text node.
    static func sizingStyle(_ props: Record) -> BoxStyle {
        var style = BoxStyle()
        applySizing(props, to: &style)
        return style
    }

    /// A `ui.text` style: colors, attributes, `wrap` and `align` (with the given defaults).
    static func textStyle(_ props: Record, wrap: TextWrap = .word, align: TextAlignment = .left) -> TextStyle {
        var style = TextStyle(wrap: wrap, align: align)
        style.color = color(props["color"])
        style.background = color(props["bg"])
        style.attributes = attributes(props)
        switch props["wrap"]?.stringValue {
        case "word": style.wrap = .word
        case "char": style.wrap = .char
        case "none": style.wrap = .none
        case "ellipsis": style.wrap = .ellipsis
        default: break
        }
        switch props["align"]?.stringValue {
        case "left": style.align = .left
        case "center": style.align = .center
        case "right": style.align = .right
        default: break
        }
        return style
    }

    /// The attributes switched on by `bold`, `dim`, `italic`, `underline`, `inverse`, `strike`.
    static func attributes(_ props: Record) -> TextAttributes {
        var result: TextAttributes = []
        if flag(props["bold"]) { result.insert(.bold) }
        if flag(props["dim"]) { result.insert(.dim) }
        if flag(props["italic"]) { result.insert(.italic) }
        if flag(props["underline"]) { result.insert(.underline) }
        if flag(props["inverse"]) { result.insert(.inverse) }
        if flag(props["strike"]) { result.insert(.strike) }
        return result
    }

    /// A length: a whole number of cells, or a string such as `"50%"` or `"12"`.
    static func dimension(_ value: Value?) -> Dimension? {
        switch value {
        case .int(let cells): return .cells(max(0, cells))
        case .double(let cells):
            guard cells.isFinite else { return nil }
            return .cells(Int(max(0, min(cells, Double(Int32.max)))))
        case .string(let text): return Dimension(parsing: text.trimmingSpaces)
        default: return nil
        }
    }

    /// Spacing: a number for every side, `[top, right, bottom, left]`, `[x, y]` or `[all]`.
    static func edges(_ value: Value?) -> Edges {
        switch value {
        case .int, .double: return Edges(cells(value))
        case .array(let items):
            let sides = items.values.map { cells($0) }
            switch sides.count {
            case 1: return Edges(sides[0])
            case 2: return Edges(x: sides[0], y: sides[1])
            case 4: return Edges(top: sides[0], right: sides[1], bottom: sides[2], left: sides[3])
            default: return .zero
            }
        default: return .zero
        }
    }

    /// A color: a name, `"#rrggbb"`, or a palette index 0–255; the default color otherwise.
    static func color(_ value: Value?) -> Color {
        switch value {
        case .string(let name): return Color(parsing: name) ?? .default
        case .int, .double: return value?.intValue.flatMap(Color.init(paletteIndex:)) ?? .default
        default: return .default
        }
    }

    /// Whether `new` differs from `old` in the field `key` only, so an update of a text's
    /// content (the most frequent one) skips mapping styles that cannot have changed.
    static func onlyChanged(_ key: String, from old: Record?, to new: Record) -> Bool {
        guard let old, old.count == new.count else { return false }
        for (name, value) in new where name != key {
            guard let previous = old[name], previous == value else { return false }
        }
        return true
    }

    /// A boolean prop: only `true` counts as set.
    static func flag(_ value: Value?) -> Bool { value?.boolValue ?? false }

    /// A finite, non-negative number, or `fallback`.
    static func number(_ value: Value?, default fallback: Double) -> Double {
        guard let number = value?.doubleValue, number.isFinite, number >= 0 else { return fallback }
        return number
    }

    /// A non-negative whole number of cells (fractions round down); 0 for anything else.
    private static func cells(_ value: Value?) -> Int {
        guard let number = value?.doubleValue, number.isFinite, number > 0 else { return 0 }
        return Int(min(number, Double(Int32.max)))
    }

    private static func alignment(_ value: Value?) -> Alignment {
        switch value?.stringValue {
        case "start": .start
        case "center": .center
        case "end": .end
        default: .stretch
        }
    }

    private static func justification(_ value: Value?) -> Justification {
        switch value?.stringValue {
        case "center": .center
        case "end": .end
        case "between": .between
        case "around": .around
        default: .start
        }
    }
}

extension String {
    /// The string without leading and trailing spaces (no Foundation needed).
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
