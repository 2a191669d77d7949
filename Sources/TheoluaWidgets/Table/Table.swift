import TheoluaCore

/// `ui.table` and ``Element/table(columns:count:selected:follow:onSelect:onActivate:onSort:style:key:cell:)``:
/// a header over a ``ListDefinition`` whose items are rows of cells, so a table of
/// 300,000 rows costs what one of 30 does.
///
/// Every row is laid out like the header: one cell per column, a cell apart, each as wide
/// as its column says (cells, a percentage of the table, or a share of what is left).
/// Only the columns that can reach the screen's width, and at least the first 256, are
/// made (`cell` is called for those alone), so a table of 100,000 columns costs what one
/// of a few hundred does; the others are a spacer of their size at the end of each row. A
/// cell given as text is cut with `…` where it does not fit. With `onSort`, the titles
/// are focusable (before the rows in tab order; the rows take focus when the table
/// mounts, and `backtab` reaches the titles) and `enter`, `space` or a click on one calls
/// `onSort(column)`.
public struct TableDefinition: ComponentDefinition {
    public typealias Props = TableProps
    public typealias State = NoState

    public var name: String { "table" }

    public init() {}

    public func initialState(props: TableProps) throws -> NoState { NoState() }

    public func perform(action: String, arguments: [Value], component: ComponentRef<TableDefinition>) throws -> Value? {
        guard action == "table.sort", let onSort = component.props.onSort, let column = arguments.first else {
            return nil
        }
        // The key event a focused title heard (enter and space activate it), or a click.
        guard case .record(let event)? = arguments.dropFirst().first,
            event["kind"]?.stringValue == "click" || ["enter", "space"].contains(event["name"]?.stringValue)
        else { return .bool(false) }
        component.call(onSort, [column])
        return .bool(true)
    }

    public func render(_ component: ComponentRef<TableDefinition>) throws -> [Element] {
        let props = component.props
        // Only the columns that can reach the screen are made, as only the rows near the
        // view are; those past it are one spacer in the header and in each row.
        let shown = max(
            TableColumn.countInView(props.columns, width: component.viewportWidth),
            min(props.columns.count, TableColumn.alwaysMade))
        let columns = Array(props.columns.prefix(shown))
        let spacers = TableColumn.spacers(standingFor: props.columns[shown...])
        // Made once per render of the table, shared by the header and every row.
        let rowProps: Record = ["direction": "row", "gap": 1]
        let textProps = columns.map(\.textProps)
        let boxProps = columns.map(\.sizing)
        var titles: [Element] = []
        for (index, column) in columns.enumerated() {
            guard props.onSort != nil else {
                titles.append(.text(column.title, textProps[index].setting("bold", to: true)))
                continue
            }
            // A title that sorts is a focusable box (drawn inverse when focused) of the
            // column's size: enter, space or a click calls onSort.
            let sort = Value.handler(component.handler("table.sort", .int(index + 1)))
            let box = boxProps[index].setting("focusable", to: true).setting("onKey", to: sort).setting(
                "onClick", to: sort)
            let look: Record = ["align": .string(column.align.rawValue), "wrap": "ellipsis", "bold": true]
            titles.append(.host(BoxWidget.primitive.kind, props: box, children: [.text(column.title, look)]))
        }
        titles += spacers
        let header = Element.host(BoxWidget.primitive.kind, props: rowProps, children: titles)
        let cells = props.cells
        let rows = ItemRenderer { row in
            var children: [Element] = []
            children.reserveCapacity(columns.count + spacers.count)
            for index in columns.indices {
                switch try cells.content(row: row, column: index + 1) {
                case .nothing:
                    children.append(.host(Element.textKind, props: textProps[index].setting("text", to: "")))
                case .text(let text):
                    children.append(
                        .host(Element.textKind, props: textProps[index].setting("text", to: .string(text))))
                case .element(let element) where element.typeName == Element.textKind && element.key == nil:
                    var props = element.hostProps
                    for entry in textProps[index].entries
                    where props[entry.key] == nil || boxProps[index][entry.key] != nil {
                        props = props.setting(entry.key, to: entry.value)
                    }
                    children.append(.host(Element.textKind, props: props))
                case .element(let element):
                    children.append(.host(BoxWidget.primitive.kind, props: boxProps[index], children: [element]))
                }
            }
            children += spacers
            return .host(BoxWidget.primitive.kind, props: rowProps, children: children)
        }
        let body = Element.component(
            ListDefinition(),
            props: ListProps(
                count: props.count, itemHeight: 1, selected: props.selected, follow: props.follow,
                onSelect: props.onSelect, onActivate: props.onActivate,
                // The rows take what the header leaves (not measured first: height 0), and
                // take focus when the table mounts, before sortable titles.
                style: ["height": 0, "grow": 1, "autoFocus": true, "scrollbar": props.style["scrollbar"] ?? false],
                items: .closure(rows)))
        var outer = props.style.removing("scrollbar")
        if outer["direction"] == nil { outer = outer.setting("direction", to: "column") }
        return [.host(BoxWidget.primitive.kind, props: outer, children: [header, body])]
    }
}

/// One column of a table.
public struct TableColumn: Sendable, Equatable {
    /// How a column's cells sit in it.
    public enum Alignment: String, Sendable {
        case left, center, right
    }

    /// The title shown in the header.
    public var title: String
    /// The width: cells or a percentage of the table (`.cells(12)`, `.percent(30)`);
    /// nil with `grow` for a share of what is left.
    public var width: ColumnWidth?
    /// The column's share of the width left after the fixed columns (default 1 when it
    /// has no width, else 0).
    public var grow: Double?
    /// Where text sits in the column's cells.
    public var align: Alignment

    public init(title: String, width: ColumnWidth? = nil, grow: Double? = nil, align: Alignment = .left) {
        self.title = title
        self.width = width
        self.grow = grow
        self.align = align
    }

    /// The sizing props a cell of this column takes: the same for the header and every
    /// row, so that columns line up.
    var sizing: Record {
        var props: Record = ["shrink": 0]
        switch width {
        case .cells(let cells)?: props = props.setting("width", to: .int(max(0, cells)))
        case .percent(let percent)?: props = props.setting("width", to: .string("\(percent)%"))
        case nil: props = props.setting("width", to: 0)
        }
        let share = grow ?? (width == nil ? 1 : 0)
        if share > 0 { props = props.setting("grow", to: .double(share)) }
        return props
    }

    /// The columns made whatever the screen's width: a table in a sideways scroll
    /// (`ui.scroll { scrollX = true }`) shows this many in full however far it scrolls,
    /// while a table of 100,000 columns still costs what a few hundred do.
    package static let alwaysMade = 256

    /// How many of `columns`, from the first, can show in a table `width` cells wide: the
    /// others start at or past its right edge.
    ///
    /// Column `i` starts where the widths before it and a gap after each end. A width in
    /// cells is what it says (cells do not shrink), a percentage or a share of what is
    /// left is at least 0: so once the widths in cells and the gaps before a column reach
    /// `width`, it and all after it are out of view, whatever the table's own width.
    /// Costs at most `width` steps however many columns there are.
    package static func countInView(_ columns: [TableColumn], width: Int) -> Int {
        var start = 0
        for index in columns.indices {
            if start >= width { return index }
            if case .cells(let cells)? = columns[index].width { start += max(0, cells) }
            start += 1  // the gap after it
        }
        return columns.count
    }

    /// Boxes standing for `columns` (those past the view) at the end of the header and of
    /// each row, so that the columns in view are laid out as if all were there: as much
    /// room in cells (with the gaps) and in percent, and the same share of what is left.
    /// None when there are no columns past the view.
    static func spacers(standingFor columns: ArraySlice<TableColumn>) -> [Element] {
        guard !columns.isEmpty else { return [] }
        var cells = columns.count - 1  // the gaps between them; the row's gap is before the first
        var percent = 0.0
        var share = 0.0
        for column in columns {
            switch column.width {
            case .cells(let width)?: cells += max(0, width)
            case .percent(let width)?: percent += width
            case nil: break
            }
            share += column.grow ?? (column.width == nil ? 1 : 0)
        }
        var boxes: [Record] = []
        if percent > 0 {
            // Two boxes: the second takes one of the gaps.
            if cells > 0 { boxes.append(["shrink": 0, "width": .int(cells - 1)]) }
            boxes.append(["shrink": 0, "width": .string("\(percent)%")])
        } else {
            boxes.append(["shrink": 0, "width": .int(cells)])
        }
        if share > 0 { boxes[boxes.count - 1] = boxes[boxes.count - 1].setting("grow", to: .double(share)) }
        return boxes.map { .host(BoxWidget.primitive.kind, props: $0) }
    }

    /// The props of a text cell of this column: its size, cut with `…`, aligned.
    var textProps: Record {
        sizing.setting("wrap", to: "ellipsis").setting("align", to: .string(align.rawValue))
    }
}

/// A column's width.
public enum ColumnWidth: Sendable, Equatable {
    case cells(Int)
    case percent(Double)
}

/// The props of a table.
public struct TableProps: Sendable, Equatable {
    public var columns: [TableColumn]
    /// How many rows there are.
    public var count: Int
    public var selected: Int?
    public var follow: Bool
    public var onSelect: Handler?
    public var onActivate: Handler?
    /// Called with a column's index (1-based) when its title is activated.
    public var onSort: Handler?
    /// The host props of the table's box: border, title, sizing, padding.
    public var style: Record
    /// What makes the cells.
    public var cells: TableCells

    public init(
        columns: [TableColumn], count: Int, selected: Int? = nil, follow: Bool = false, onSelect: Handler? = nil,
        onActivate: Handler? = nil, onSort: Handler? = nil, style: Record = Record(), cells: TableCells
    ) {
        self.columns = columns
        self.count = min(max(0, count), ListProps.maximumCount)
        self.selected = selected
        self.follow = follow
        self.onSelect = onSelect
        self.onActivate = onActivate
        self.onSort = onSort
        self.style = style
        self.cells = cells
    }
}

/// What makes a table's cells: a handler (a script's `cell(row, column)`) or a Swift
/// closure, compared by identity.
public enum TableCells: Sendable, Equatable {
    case handler(Handler)
    case closure(CellRenderer)

    /// The content of the cell at `row`, `column` (both 1-based).
    func content(row: Int, column: Int) throws -> ItemContent {
        switch self {
        case .closure(let renderer):
            return .element(try renderer.render(row, column))
        case .handler(let handler):
            return try ItemContent(
                calling: handler, with: [.int(row), .int(column)], as: "table cell(\(row), \(column))")
        }
    }
}

/// A Swift closure making a table cell, shared by identity.
public final class CellRenderer: Sendable, Equatable {
    let render: @Sendable (Int, Int) throws -> Element

    public init(_ render: @escaping @Sendable (Int, Int) throws -> Element) {
        self.render = render
    }

    public static func == (lhs: CellRenderer, rhs: CellRenderer) -> Bool { lhs === rhs }
}

extension Element {
    /// A virtualized table: `cell(row, column)` makes each cell (1-based) of the rows near
    /// the view. See ``TableDefinition``.
    public static func table(
        columns: [TableColumn], count: Int, selected: Int? = nil, follow: Bool = false, onSelect: Handler? = nil,
        onActivate: Handler? = nil, onSort: Handler? = nil, style: Record = Record(), key: Key? = nil,
        cell: @escaping @Sendable (Int, Int) -> Element
    ) -> Element {
        .component(
            TableDefinition(),
            props: TableProps(
                columns: columns, count: count, selected: selected, follow: follow, onSelect: onSelect,
                onActivate: onActivate, onSort: onSort, style: style, cells: .closure(CellRenderer(cell))),
            key: key)
    }
}

extension TableProps: Inspectable {
    public var inspectionValue: Value {
        var fields: [(String, Value)] = [
            ("columns", .array(ValueArray(columns.map { .string($0.title) }))), ("count", .int(count)),
            ("follow", .bool(follow)),
        ]
        if let selected { fields.append(("selected", .int(selected))) }
        return .record(Record(fields))
    }
}

extension TableDefinition {
    /// A column of `ui.table`.
    static let columnSchema = RecordSchema(fields: [
        Fields.required("title", .string),
        Fields.optional("width", .dimension),
        Fields.optional("grow", SchemaType.factor),
        Fields.optional("align", .enumeration(["left", "center", "right"])),
    ])

    /// `ui.table`.
    static let spec = WidgetSpec(
        name: "table",
        summary: "A focusable table of `count` rows under a header, of which only those near the view are rendered.",
        props: RecordSchema(
            fields: Fields.boxLayout + ListDefinition.selectionFields + [
                Fields.optional("direction", .enumeration(["column", "row"])),
                Fields.required("columns", .array(of: .record(columnSchema))), Fields.required("cell", .function),
                Fields.optional("onSort", .function), Fields.optional("scrollbar", .boolean),
            ]),
        bindings: ListWidget.bindings, constructor: .primitive,
        docs: ListDefinition.selectionDocs.merging([
            "columns": FieldDoc("", type: "theolua.TableColumn[]"),
            "cell": FieldDoc("", type: "fun(row: integer, column: integer): theolua.Element|string|number|nil"),
            "onSort": "Called with a column's index when its title is activated.",
            "scrollbar": "A scrollbar at the right of the rows; press or drag it to select.",
        ]) { $1 },
        make: .element { props, key in TableDefinition.element(props: props, key: key) })

    /// The element of `ui.table` from its validated props: the table's own props are
    /// taken out, the rest style its box.
    static func element(props: Record, key: Key?) -> Element {
        var style: [Record.Entry] = []
        var count = 0
        var selected: Int?
        var follow = false
        var onSelect: Handler?
        var onActivate: Handler?
        var onSort: Handler?
        var cell: Handler?
        var columns: [TableColumn] = []
        for entry in props.entries {
            switch entry.key {
            case "count": count = entry.value.intValue ?? 0
            case "selected": selected = entry.value.intValue
            case "follow": follow = entry.value.boolValue ?? false
            case "onSelect": onSelect = entry.value.handlerValue
            case "onActivate": onActivate = entry.value.handlerValue
            case "onSort": onSort = entry.value.handlerValue
            case "cell": cell = entry.value.handlerValue
            case "columns": columns = entry.value.arrayValue.map { $0.map(column) } ?? []
            default: style.append(entry)
            }
        }
        guard let cell else { return .empty }  // the schema requires it
        return .component(
            TableDefinition(),
            props: TableProps(
                columns: columns, count: count, selected: selected, follow: follow, onSelect: onSelect,
                onActivate: onActivate, onSort: onSort, style: Record(uniqueEntries: style), cells: .handler(cell)),
            key: key)
    }

    /// A column of `ui.table` from its validated record.
    private static func column(_ value: Value) -> TableColumn {
        let record = value.recordValue ?? Record()
        var width: ColumnWidth?
        switch record["width"] {
        case .int(let cells)?: width = .cells(cells)
        case .double(let cells)?: width = .cells(Int(cells))
        case .string(let text)? where text.hasSuffix("%"): width = Double(text.dropLast()).map(ColumnWidth.percent)
        default: width = nil
        }
        let align = record["align"]?.stringValue.flatMap(TableColumn.Alignment.init(rawValue:)) ?? .left
        let grow: Double? =
            switch record["grow"] {
            case .int(let share)?: Double(share)
            case .double(let share)?: share
            default: nil
            }
        return TableColumn(title: record["title"]?.stringValue ?? "", width: width, grow: grow, align: align)
    }
}
