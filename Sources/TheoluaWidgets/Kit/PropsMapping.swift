import Synchronization
import TheoluaCanvas
import TheoluaCore

/// Turns primitive props into canvas styles.
///
/// The Lua bridge has validated script props already, but Swift hosts build elements
/// too, so every reader here is lenient: a value of the wrong type or out of range is
/// read as if the prop were absent, never as an error or a crash.
///
/// Each mapping reads the props in one pass over the fields that are there (a text
/// with two props costs two steps, not one lookup per prop a text may have).
package enum PropsMapping {
    /// A `ui.box` style (also a scroll's, a button's and an input's frame) from `props`.
    static func boxStyle(_ props: Record) -> BoxStyle {
        var style = BoxStyle()
        var isLayer = false
        for entry in props.entries {
            guard let name = PropName(entry.key) else { continue }
            if name == .layer {
                isLayer = flag(entry.value)
                continue
            }
            if !applySizing(name, entry.value, to: &style) { applyBox(name, entry.value, to: &style) }
        }
        if isLayer { style.layer = layerStyle(props) }
        return style
    }

    /// A `ui.layer`'s placement: `anchor = "center"` (the default) or `"parent"`, or
    /// `x`/`y`; a modal layer dims what is below it unless `dim = false`.
    static func layerStyle(_ props: Record) -> LayerStyle {
        let x = dimension(props["x"])
        let y = dimension(props["y"])
        let placement: LayerPlacement =
            if x != nil || y != nil {
                .point(x: x, y: y)
            } else if props["anchor"]?.stringValue == "parent" {
                .parent
            } else {
                .center
            }
        let dims = flag(props["modal"]) && props["dim"]?.boolValue != false
        return LayerStyle(placement: placement, dimsBelow: dims)
    }

    /// Sets a box prop (direction, padding, gap, border, title, colors, align, justify);
    /// returns whether `name` is one.
    @discardableResult
    static func applyBox(_ name: PropName, _ value: Value, to style: inout BoxStyle) -> Bool {
        switch name {
        case .direction: style.direction = value.stringValue.flatMap(Direction.init(rawValue:)) ?? .column
        case .wrap:
            switch value {
            case .bool(true): style.wrap = .wrap
            case .string("reverse"): style.wrap = .reverse
            default: style.wrap = .none
            }
        case .padding: style.padding = edges(value)
        case .gap: style.gap = dimension(value) ?? .cells(0)
        case .rowGap: style.rowGap = dimension(value)
        case .columnGap: style.columnGap = dimension(value)
        case .alignContent:
            style.alignContent = value.stringValue.flatMap(ContentAlignment.init(rawValue:)) ?? .start
        case .border: style.border = value.stringValue.flatMap(BorderKind.init(parsing:))
        case .borderColor: style.borderColor = color(value)
        case .title: style.title = value.stringValue
        case .bg: style.background = color(value)
        case .align: style.align = alignment(value)
        case .justify: style.justify = justification(value)
        default: return false
        }
        return true
    }

    /// Sets the flex-item props every primitive takes: sizes, `grow`, `shrink`, `margin`.
    static func applySizing(_ props: Record, to style: inout BoxStyle) {
        for entry in props.entries {
            if let name = PropName(entry.key) { applySizing(name, entry.value, to: &style) }
        }
    }

    /// Sets a flex-item prop (sizes, flex factors, margin, `alignSelf`, `position` and its
    /// offsets, `display`); returns whether `name` is one.
    @discardableResult
    static func applySizing(_ name: PropName, _ value: Value, to style: inout BoxStyle) -> Bool {
        switch name {
        case .width: style.width = dimension(value)
        case .height: style.height = dimension(value)
        case .minWidth: style.minWidth = dimension(value)
        case .maxWidth: style.maxWidth = dimension(value)
        case .minHeight: style.minHeight = dimension(value)
        case .maxHeight: style.maxHeight = dimension(value)
        case .grow: style.grow = number(value, default: 0)
        case .shrink: style.shrink = number(value, default: 1)
        case .margin: style.margin = edges(value)
        case .basis: style.basis = dimension(value)
        case .alignSelf: style.alignSelf = value.stringValue.flatMap(Alignment.init(rawValue:))
        case .position: style.position = value.stringValue == "absolute" ? .absolute : .relative
        case .top: style.top = dimension(value)
        case .right: style.right = dimension(value)
        case .bottom: style.bottom = dimension(value)
        case .left: style.left = dimension(value)
        case .display: style.hidden = value.stringValue == "none"
        default: return false
        }
        return true
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
        for entry in props.entries {
            if let name = PropName(entry.key) { applyText(name, entry.value, to: &style) }
        }
        return style
    }

    /// A text's look and its sizing style, in one pass over its props; the sizing style
    /// is nil when the props set none (most texts), so the node's default can stay.
    static func textAndSizingStyles(_ props: Record) -> (TextStyle, BoxStyle?) {
        var text = TextStyle()
        var sizing = BoxStyle()
        var hasSizing = false
        for entry in props.entries {
            guard let name = PropName(entry.key) else { continue }
            if applyText(name, entry.value, to: &text) { continue }
            if applySizing(name, entry.value, to: &sizing) { hasSizing = true }
        }
        return (text, hasSizing ? sizing : nil)
    }

    /// Sets a text prop (colors, attributes, `wrap`, `align`); returns whether `name`
    /// is one.
    @discardableResult
    static func applyText(_ name: PropName, _ value: Value, to style: inout TextStyle) -> Bool {
        switch name {
        case .color: style.color = color(value)
        case .bg: style.background = color(value)
        case .bold, .dim, .italic, .underline, .inverse, .strike:
            guard let attribute = name.attribute else { return false }
            if flag(value) { style.attributes.insert(attribute) } else { style.attributes.remove(attribute) }
        case .wrap:
            switch value.stringValue {
            case "word": style.wrap = .word
            case "char": style.wrap = .char
            case "none": style.wrap = .none
            case "ellipsis": style.wrap = .ellipsis
            default: break
            }
        case .align:
            switch value.stringValue {
            case "left": style.align = .left
            case "center": style.align = .center
            case "right": style.align = .right
            default: break
            }
        case .link:
            style.link = value.stringValue.map(Hyperlink.init(url:)) ?? .none
        default: return false
        }
        return true
    }

    /// The styled runs of a text's `runs` prop (made from its `ui.span` items). Its items
    /// are records with a `text`, each a run of the look it sets over the text's, or a
    /// stream: strings, each a run of the look the last record without `text` sets (an
    /// empty one, or none yet: the text's own).
    static func runs(_ value: Value?) -> [TextRun] {
        guard let items = value?.arrayValue?.values, !items.isEmpty else { return [] }
        var runs: [TextRun] = []
        runs.reserveCapacity(items.count)
        // The look the stream's strings have: the last record without text, converted
        // once for all the strings after it.
        var look = RunLook()
        var lookRecord = Record()
        for item in items {
            switch item {
            case .string(let text):
                runs.append(TextRun(text, look: look))
            case .record(let record):
                if let text = record["text"] {
                    runs.append(TextRun(text.stringValue ?? "", look: Self.look(of: record)))
                } else if record != lookRecord {
                    look = Self.look(of: record)
                    lookRecord = record
                }
            default:
                continue
            }
        }
        return runs
    }

    /// The runs of a `runs` stream cut from the text by lengths (integers: the next so
    /// many UTF-8 bytes of `text` are a run of the look the last record set), or nil for
    /// runs with strings of their own.
    static func marks(_ value: Value?) -> RunMarks? {
        guard let items = value?.arrayValue?.values, isLengthStream(items) else { return nil }
        var marks = RunMarks()
        marks.ends.reserveCapacity(items.count / 2 + 1)
        marks.looks.reserveCapacity(items.count / 2 + 1)
        var look = RunLook()
        var lookRecord = Record()
        var end = 0
        for item in items {
            switch item {
            case .int(let length) where length > 0:
                end += length
                marks.ends.append(end)
                marks.looks.append(look)
            case .record(let record) where record != lookRecord:
                look = recentLook(of: record)
                lookRecord = record
            default:
                continue
            }
        }
        return marks
    }

    /// Whether the first item of `items` that is not a record is an integer: a stream
    /// of lengths, not of strings.
    private static func isLengthStream(_ items: [Value]) -> Bool {
        for item in items {
            switch item {
            case .record: continue
            case .int: return true
            default: return false
            }
        }
        return false
    }

    /// The looks of the look records met lately. A styled log repeats a few looks line
    /// after line, in records the Lua bridge shares (one a look), so a look is mapped
    /// once, not once a run. The records are kept with their looks: the storage a
    /// record is found by cannot be another record's while it is here.
    private static let recentLooks = Mutex(RecentLooks())

    private struct RecentLooks {
        static let capacity = 16
        /// The records, each where its storage is among `storages`.
        var records: [Record] = []
        var storages: [UInt] = []
        var looks: [RunLook] = []
        var next = 0

        func look(ofStorage storage: UInt) -> RunLook? {
            for index in storages.indices where storages[index] == storage {
                return looks[index]
            }
            return nil
        }

        mutating func keep(_ record: Record, storage: UInt, _ look: RunLook) {
            if records.count < Self.capacity {
                records.append(record)
                storages.append(storage)
                looks.append(look)
            } else {
                records[next] = record
                storages[next] = storage
                looks[next] = look
                next = (next + 1) % Self.capacity
            }
        }
    }

    /// The look of `record`, from the recent looks where it is one of theirs.
    private static func recentLook(of record: Record) -> RunLook {
        guard let address = record.storage else { return look(of: record) }
        let storage = UInt(bitPattern: address)
        if let look = recentLooks.withLock({ $0.look(ofStorage: storage) }) { return look }
        let look = look(of: record)
        recentLooks.withLock { $0.keep(record, storage: storage, look) }
        return look
    }

    /// The look `props` gives a run: colors, link, attributes on and off.
    private static func look(of props: Record) -> RunLook {
        var run = RunLook()
        for entry in props.entries {
            guard let name = PropName(entry.key) else { continue }
            switch name {
            case .color: run.color = color(entry.value)
            case .bg: run.background = color(entry.value)
            case .link: run.link = entry.value.stringValue.map(Hyperlink.init(url:)) ?? Hyperlink.none
            default:
                guard let attribute = name.attribute else { continue }
                if flag(entry.value) { run.adding.insert(attribute) } else { run.removing.insert(attribute) }
            }
        }
        return run
    }

    /// The attributes switched on by `bold`, `dim`, `italic`, `underline`, `inverse`, `strike`.
    static func attributes(_ props: Record) -> TextAttributes {
        var result: TextAttributes = []
        for entry in props.entries where flag(entry.value) {
            if let attribute = PropName(entry.key)?.attribute { result.insert(attribute) }
        }
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

    /// Spacing: a length for every side, `[top, right, bottom, left]`, `[x, y]` or
    /// `[all]`, each a number of cells, `"N%"` or `"auto"`.
    static func edges(_ value: Value?) -> BoxEdges {
        switch value {
        case .int, .double, .string: return BoxEdges(edge(value))
        case .array(let items):
            let sides = items.values.map { edge($0) }
            switch sides.count {
            case 1: return BoxEdges(sides[0])
            case 2: return BoxEdges(x: sides[0], y: sides[1])
            case 4: return BoxEdges(top: sides[0], right: sides[1], bottom: sides[2], left: sides[3])
            default: return .zero
            }
        default: return .zero
        }
    }

    /// One side of a padding or margin.
    static func edge(_ value: Value?) -> EdgeLength {
        if case .string(let text) = value { return EdgeLength(parsing: text.trimmingSpaces) ?? .cells(0) }
        return .cells(cells(value))
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
    package static func flag(_ value: Value?) -> Bool { value?.boolValue ?? false }

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

    static func alignment(_ value: Value?) -> Alignment {
        value?.stringValue.flatMap(Alignment.init(rawValue:)) ?? .stretch
    }

    static func justification(_ value: Value?) -> Justification {
        value?.stringValue.flatMap(Justification.init(rawValue:)) ?? .start
    }
}

extension String {
    /// The string without leading and trailing spaces (no Foundation needed).
    fileprivate var trimmingSpaces: String {
        guard utf8.first == UInt8(ascii: " ") || utf8.last == UInt8(ascii: " ") else { return self }
        return String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}

/// The props the mapping reads. A key is told apart by its length first, so it costs
/// a few comparisons, not one for each prop there is.
enum PropName {
    case width, height, minWidth, maxWidth, minHeight, maxHeight, grow, shrink, margin, basis, alignSelf
    case position, top, right, bottom, left, display, layer
    case direction, padding, gap, rowGap, columnGap, border, borderColor, title, bg, align, justify, alignContent
    case color, bold, dim, italic, underline, inverse, strike, wrap, link

    init?(_ key: String) {
        let name: PropName?
        switch key.utf8.count {
        case 2: name = key == "bg" ? .bg : nil
        case 3:
            switch key {
            case "dim": name = .dim
            case "gap": name = .gap
            case "top": name = .top
            default: name = nil
            }
        case 4:
            switch key {
            case "bold": name = .bold
            case "grow": name = .grow
            case "wrap": name = .wrap
            case "left": name = .left
            case "link": name = .link
            default: name = nil
            }
        case 5:
            switch key {
            case "width": name = .width
            case "color": name = .color
            case "title": name = .title
            case "align": name = .align
            case "basis": name = .basis
            case "right": name = .right
            case "layer": name = .layer
            default: name = nil
            }
        case 6:
            switch key {
            case "height": name = .height
            case "shrink": name = .shrink
            case "margin": name = .margin
            case "rowGap": name = .rowGap
            case "bottom": name = .bottom
            case "italic": name = .italic
            case "strike": name = .strike
            case "border": name = .border
            default: name = nil
            }
        case 7:
            switch key {
            case "padding": name = .padding
            case "justify": name = .justify
            case "inverse": name = .inverse
            case "display": name = .display
            default: name = nil
            }
        case 8:
            switch key {
            case "minWidth": name = .minWidth
            case "maxWidth": name = .maxWidth
            case "position": name = .position
            default: name = nil
            }
        case 9:
            switch key {
            case "minHeight": name = .minHeight
            case "maxHeight": name = .maxHeight
            case "direction": name = .direction
            case "underline": name = .underline
            case "alignSelf": name = .alignSelf
            case "columnGap": name = .columnGap
            default: name = nil
            }
        case 11: name = key == "borderColor" ? .borderColor : nil
        case 12: name = key == "alignContent" ? .alignContent : nil
        default: name = nil
        }
        guard let name else { return nil }
        self = name
    }

    /// The text attribute this prop switches, if it is one.
    var attribute: TextAttributes? {
        switch self {
        case .bold: .bold
        case .dim: .dim
        case .italic: .italic
        case .underline: .underline
        case .inverse: .inverse
        case .strike: .strike
        default: nil
        }
    }
}
