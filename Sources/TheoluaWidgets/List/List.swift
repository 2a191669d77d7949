import TheoluaCore

/// `ui.list` and ``Element/list(count:itemHeight:selected:follow:onSelect:onActivate:style:key:render:)``:
/// a focusable, scrolling list of `count` items of which only those around the selection
/// are rendered, reconciled, laid out and painted, so a million items cost what one
/// screenful costs.
///
/// The list renders a window of items around its selection: as many on each side as
/// the screen can show (the rows ``Viewport/context`` provides, divided by `itemHeight`
/// when every item has that height), plus a few: a resize renders it again. The window always holds what can be in
/// view, since the selection is always in view. It is drawn in a `list` host primitive:
/// a scroll that shows the selection (as little scrolling as it takes) and marks it
/// while the list has focus. Items leaving the window are unmounted.
///
/// Keys reach the list through its host primitive, which sends them to the component's
/// `list.key` action: `up`, `down`, `pageup`, `pagedown`, `home` and `end` move the selection
/// (calling `onSelect(i)`), `enter` calls `onActivate(i)`. A click sends `pick` with the
/// item's index: it selects the item, or activates it when it was selected already.
public struct ListDefinition: ComponentDefinition {
    public typealias Props = ListProps
    public typealias State = ListState

    public var name: String { "list" }

    public init() {}

    public func initialState(props: ListProps) throws -> ListState {
        ListState(selected: props.follow ? max(props.count, 1) : 1, followsEnd: props.follow)
    }

    public func render(_ component: ComponentRef<ListDefinition>) throws -> [Element] {
        let props = component.props
        let selected = Self.selected(props, component.state)
        let window = Self.window(around: selected, props: props, rows: component.viewportHeight)
        // A move of the selection alone re-renders the list with the same props: the items
        // still in the window keep the elements made for them, and only new ones render.
        let cache = component.state.cache
        if cache.items != props.items || cache.count != props.count {
            cache.items = props.items
            cache.count = props.count
            cache.elements.removeAll()
        }
        var items: [Element] = []
        var made: [Int: Element] = [:]
        items.reserveCapacity(window.count)
        made.reserveCapacity(window.count)
        for index in window {
            var element: Element
            if let kept = cache.elements[index] {
                element = kept
            } else {
                element = try props.items.element(at: index)
                // Items are matched by key as the window moves; an item without one is
                // keyed by its index.
                if element.key == nil { element = element.withKey(.int(index)) }
            }
            made[index] = element
            items.append(element)
        }
        cache.elements = made
        var host = props.style
        host = host.setting("first", to: .int(window.lowerBound))
        host = host.setting("selected", to: .int(selected))
        host = host.setting("count", to: .int(props.count))
        host = host.setting("onListKey", to: .handler(component.handler("list.key")))
        return [.host("list", props: host, children: items)]
    }

    public func perform(action: String, arguments: [Value], component: ComponentRef<ListDefinition>) throws -> Value? {
        guard action == "list.key", case .string(let name)? = arguments.first else { return nil }
        let props = component.props
        let count = props.count
        guard count > 0 else { return .bool(false) }
        let selected = Self.selected(props, component.state)
        let page = max(1, (arguments.count > 1 ? arguments[1].intValue ?? 1 : 1) - 1)
        let target: Int
        switch name {
        case "up": target = selected - 1
        case "down": target = selected + 1
        case "pageup": target = selected - page
        case "pagedown": target = selected + page
        case "home": target = 1
        case "end": target = count
        case "enter":
            if let onActivate = props.onActivate { component.call(onActivate, [.int(selected)]) }
            return .bool(true)
        case "jump":
            // A press or drag on the scrollbar: selects item `arguments[2]`.
            guard arguments.count > 2, let index = arguments[2].intValue else { return .bool(false) }
            target = index
        case "pick":
            // A click on item `arguments[2]`: selects it, or activates it when selected.
            guard arguments.count > 2, let index = arguments[2].intValue, (1...count).contains(index) else {
                return .bool(false)
            }
            if index == selected {
                if let onActivate = props.onActivate { component.call(onActivate, [.int(selected)]) }
                return .bool(true)
            }
            target = index
        default: return .bool(false)
        }
        let next = min(max(target, 1), count)
        component.updateState { state in
            var state = state
            state.selected = next
            state.followsEnd = next == count
            return state
        }
        if next != selected, let onSelect = props.onSelect { component.call(onSelect, [.int(next)]) }
        return .bool(true)
    }

    /// The selection shown: the `selected` prop when the parent controls it, else the
    /// list's own, which stays on the last item while a following list grows.
    static func selected(_ props: ListProps, _ state: ListState) -> Int {
        guard props.count > 0 else { return 0 }
        if let controlled = props.selected { return min(max(controlled, 1), props.count) }
        if props.follow && state.followsEnd { return props.count }
        return min(max(state.selected, 1), props.count)
    }

    /// The items rendered: those that can be in view with `selected` in view.
    static func window(around selected: Int, props: ListProps, rows: Int) -> Range<Int> {
        guard props.count > 0 else { return 1..<1 }
        let perScreen = (max(rows, 1) + max(props.itemHeight ?? 1, 1) - 1) / max(props.itemHeight ?? 1, 1)
        let reach = perScreen + overscan
        return max(1, selected - reach)..<(min(props.count, selected + reach) + 1)
    }

    /// Items rendered beyond what a screen shows, each way.
    static let overscan = 2
}

/// The props of a list.
public struct ListProps: Sendable, Equatable {
    /// The most items a list (or table) holds: 2^52, far past any data and far from
    /// overflowing an index.
    public static let maximumCount = 1 << 52

    /// How many items there are (at least 0).
    public var count: Int
    /// The height of every item, when they are all alike: fewer items are rendered.
    public var itemHeight: Int?
    /// The selected item (1-based) when the parent controls the selection.
    public var selected: Int?
    /// Whether the list keeps its last item selected, and in view, as `count` grows.
    public var follow: Bool
    /// Called with an item's index when the selection moves to it.
    public var onSelect: Handler?
    /// Called with the selected item's index on `enter`.
    public var onActivate: Handler?
    /// The host props of the list's box: border, sizing, padding, focus.
    public var style: Record
    /// What makes item `i`'s element.
    public var items: ListItems

    public init(
        count: Int, itemHeight: Int? = nil, selected: Int? = nil, follow: Bool = false, onSelect: Handler? = nil,
        onActivate: Handler? = nil, style: Record = Record(), items: ListItems
    ) {
        self.count = min(max(0, count), Self.maximumCount)
        self.itemHeight = itemHeight
        self.selected = selected
        self.follow = follow
        self.onSelect = onSelect
        self.onActivate = onActivate
        self.style = style
        self.items = items
    }
}

/// What renders a list's items: a handler (a script's `render(i)`) or a Swift closure,
/// compared by identity.
public enum ListItems: Sendable, Equatable {
    /// A function called with the index, returning an element or a string.
    case handler(Handler)
    /// A Swift closure.
    case closure(ItemRenderer)

    /// The element of item `index`.
    func element(at index: Int) throws -> Element {
        switch self {
        case .closure(let renderer):
            return try renderer.render(index)
        case .handler(let handler):
            switch try ItemContent(calling: handler, with: [.int(index)], as: "list item render(\(index))") {
            case .text(let text): return .text(text)
            case .element(let element): return element
            case .nothing: return .empty
            }
        }
    }
}

/// What a script's `render(i)` or `cell(row, column)` returned: text (a string or a
/// number), an element, or nil.
enum ItemContent {
    case text(String)
    case element(Element)
    case nothing

    /// Calls the function of `handler` with `arguments`; `call` names the call in errors
    /// (`list item render(3)`), which name the function's file and line and the
    /// component that made it.
    init(calling handler: Handler, with arguments: [Value], as call: String) throws {
        guard case .function(let box) = handler.target else {
            throw ListItemError(message: "\(call): expected a function", function: nil)
        }
        switch try box.function.call(arguments) {
        case .element(let element): self = .element(element)
        case .string(let text): self = .text(text)
        case .int(let number): self = .text(String(number))
        case .double(let number): self = .text(String(number))
        case .null: self = .nothing
        case .bool(let flag):
            throw ListItemError(
                message: "\(call) must return an element, a string or nil, got boolean (\(flag))",
                function: box.function)
        case .array, .record:
            // The usual slip: `return { ... }` for `return ui.row { ... }`.
            throw ListItemError(
                message: "\(call) must return an element, a string or nil, got a table (make the item with ui.text,"
                    + " ui.row, ...)",
                function: box.function)
        case .handler:
            throw ListItemError(
                message: "\(call) must return an element, a string or nil, got a function",
                function: box.function)
        }
    }
}

/// A Swift closure making a list item's element, shared by identity.
public final class ItemRenderer: Sendable, Equatable {
    let render: @Sendable (Int) throws -> Element

    public init(_ render: @escaping @Sendable (Int) throws -> Element) {
        self.render = render
    }

    public static func == (lhs: ItemRenderer, rhs: ItemRenderer) -> Bool { lhs === rhs }
}

/// An item renderer's mistake, at the function's line when it is script code.
struct ListItemError: SourceLocatedError, CustomStringConvertible {
    let message: String
    let sourceLocation: String?
    let sourceComponent: String?

    init(message: String, function: (any HandlerFunction)?) {
        self.message = message
        sourceLocation = function?.sourceLocation
        sourceComponent = function?.ownerName
    }

    var description: String {
        [sourceLocation, sourceComponent, message].compactMap { $0 }.joined(separator: ": ")
    }
}

/// A list's own state: its selection when the parent does not control it.
public struct ListState: Sendable, Equatable {
    /// The selected item, 1-based.
    public var selected: Int
    /// Whether the selection is on the last item, which a following list keeps.
    public var followsEnd: Bool
    /// The elements of the items last rendered; not part of the state's value.
    let cache = ItemCache()

    public init(selected: Int, followsEnd: Bool) {
        self.selected = selected
        self.followsEnd = followsEnd
    }

    public static func == (lhs: ListState, rhs: ListState) -> Bool {
        lhs.selected == rhs.selected && lhs.followsEnd == rhs.followsEnd
    }
}

/// The elements a list made for the items of its window, kept while its props stay the
/// same. Read and written by the list's renders only, on the reconciler's thread.
final class ItemCache: @unchecked Sendable {
    var items: ListItems?
    var count = 0
    var elements: [Int: Element] = [:]
}

extension Element {
    /// A virtualized list of `count` items: `render(i)` makes item `i` (1-based) when it
    /// comes near the view. See ``ListDefinition``.
    public static func list(
        count: Int, itemHeight: Int? = nil, selected: Int? = nil, follow: Bool = false, onSelect: Handler? = nil,
        onActivate: Handler? = nil, style: Record = Record(), key: Key? = nil,
        render: @escaping @Sendable (Int) -> Element
    ) -> Element {
        .component(
            ListDefinition(),
            props: ListProps(
                count: count, itemHeight: itemHeight, selected: selected, follow: follow, onSelect: onSelect,
                onActivate: onActivate, style: style, items: .closure(ItemRenderer(render))),
            key: key)
    }
}

extension ListProps: Inspectable {
    public var inspectionValue: Value {
        var fields: [(String, Value)] = [("count", .int(count)), ("follow", .bool(follow))]
        if let selected { fields.append(("selected", .int(selected))) }
        if let itemHeight { fields.append(("itemHeight", .int(itemHeight))) }
        return .record(Record(fields))
    }
}

extension ListState: Inspectable {
    public var inspectionValue: Value {
        .record(["selected": .int(selected), "followsEnd": .bool(followsEnd)])
    }
}

extension ListDefinition {
    /// What `ui.list` and `ui.table` share: the count, the selection and following.
    static let selectionFields: [SchemaField] = [
        Fields.required("count", .integer(min: 0, max: Double(ListProps.maximumCount))),
        Fields.optional("selected", .integer(min: 1, max: nil)),
        Fields.optional("onSelect", .function), Fields.optional("onActivate", .function),
        Fields.optional("follow", .boolean),
    ]

    /// `ui.list`.
    static let spec = WidgetSpec(
        name: "list", summary: "A focusable list of `count` items of which only those near the view are rendered.",
        props: RecordSchema(
            fields: Fields.boxLayout + selectionFields + [
                Fields.required("render", .function),
                Fields.optional("itemHeight", .integer(min: 1, max: SchemaType.maximumCells)),
                Fields.optional("scrollbar", .boolean),
            ]),
        bindings: ListWidget.bindings, constructor: .primitive,
        docs: selectionDocs.merging([
            "render": FieldDoc(
                "Item i's element; give it a key.", type: "fun(i: integer): theolua.Element|string|nil"),
            "itemHeight": "The height of every item, when they are all alike.",
            "scrollbar": "A scrollbar at the right: where the view is among all the items; press or drag it to select.",
        ]) { $1 },
        make: .element { props, key in ListDefinition.element(props: props, key: key) })

    /// What the LuaLS types say of the props `ui.list` and `ui.table` share.
    static let selectionDocs: [String: FieldDoc] = [
        "count": "How many items (or rows) there are.",
        "selected": "The selected index (1-based) when the parent controls it.",
        "onSelect": "Called with the index the selection moves to.",
        "onActivate": "Called with the selected index on enter.",
        "follow": "Keep the last item selected, and in view, as count grows.",
    ]

    /// The element of `ui.list` from its validated props: the list's own props are taken
    /// out, the rest style its box.
    static func element(props: Record, key: Key?) -> Element {
        var style: [Record.Entry] = []
        var count = 0
        var selected: Int?
        var follow = false
        var itemHeight: Int?
        var onSelect: Handler?
        var onActivate: Handler?
        var render: Handler?
        for entry in props.entries {
            switch entry.key {
            case "count": count = entry.value.intValue ?? 0
            case "selected": selected = entry.value.intValue
            case "follow": follow = entry.value.boolValue ?? false
            case "itemHeight": itemHeight = entry.value.intValue
            case "onSelect": onSelect = entry.value.handlerValue
            case "onActivate": onActivate = entry.value.handlerValue
            case "render": render = entry.value.handlerValue
            default: style.append(entry)
            }
        }
        guard let render else { return .empty }  // the schema requires it
        return .component(
            ListDefinition(),
            props: ListProps(
                count: count, itemHeight: itemHeight, selected: selected, follow: follow, onSelect: onSelect,
                onActivate: onActivate, style: Record(uniqueEntries: style), items: .handler(render)),
            key: key)
    }
}
