import TheoluaCore

/// `ui.screens`: a stack of screens, of which the top one is shown. `render(name,
/// params)` makes a screen's element; the screens below the top stay mounted, hidden
/// (`display = "none"`), so each keeps its state and controllers while covered and
/// shows as it was when the screen over it pops.
///
/// Screens move through the `ui.navigation` context, which every screen reads with
/// `self:use(ui.navigation)`: `push(name, params)`, `pop()`, `replace(name, params)`,
/// `reset(name, params)`, and the `stack` of names, its `depth` and its `top`. `esc`
/// pops (back) while more than one screen is on the stack; the app hears each change
/// through `onChange(stack)`.
///
/// The top screen renders with the screens; a covered one keeps the element it had when
/// it was covered, and renders again only when it is on top again, so a deep stack costs
/// what its top costs.
public struct ScreensDefinition: ComponentDefinition {
    public typealias Props = ScreensProps
    public typealias State = ScreensState

    public var name: String { "screens" }

    public init() {}

    /// The context screens navigate through (`ui.navigation` in scripts).
    public static let navigation = ContextKey(
        .record([
            "stack": .array([]), "depth": .int(0), "top": .null,
        ]), name: "ui.navigation")

    public func initialState(props: ScreensProps) throws -> ScreensState {
        ScreensState(entries: [ScreenEntry(id: 1, name: props.initial, params: props.params)], nextID: 2)
    }

    public func render(_ component: ComponentRef<ScreensDefinition>) throws -> [Element] {
        let props = component.props
        let entries = component.state.entries
        let cache = component.state.cache
        var made: [Int: Element] = [:]
        var screens: [Element] = []
        screens.reserveCapacity(entries.count)
        for (position, entry) in entries.enumerated() {
            let isTop = position == entries.count - 1
            let element: Element
            if !isTop, let kept = cache.elements[entry.id] {
                element = kept
            } else {
                element = try props.screens.element(named: entry.name, params: entry.params)
            }
            made[entry.id] = element
            var box: Record = ["grow": 1]
            if !isTop { box["display"] = "none" }
            screens.append(.column(box, children: [element]).withKey(.int(entry.id)))
        }
        cache.elements = made
        var outer = props.style
        outer["onKey"] = .handler(component.handler("screens.key"))
        // esc goes back while there is a screen to go back to: then keyhints and the help
        // list it.
        if entries.count > 1, outer["keys"] == nil { outer["keys"] = [["esc", "back"]] }
        return [
            .provider(
                Self.navigation, value: Self.navigationValue(entries, component),
                children: [.column(outer, children: screens)])
        ]
    }

    /// What `ui.navigation` holds for the screens of `entries`.
    static func navigationValue(_ entries: [ScreenEntry], _ component: ComponentRef<ScreensDefinition>) -> Value {
        .record([
            "push": .handler(component.handler("screens.push")),
            "pop": .handler(component.handler("screens.pop")),
            "replace": .handler(component.handler("screens.replace")),
            "reset": .handler(component.handler("screens.reset")),
            "stack": .array(ValueArray(entries.map { .string($0.name) })),
            "depth": .int(entries.count),
            "top": entries.last.map { .string($0.name) } ?? .null,
        ])
    }

    public func perform(action: String, arguments: [Value], component: ComponentRef<ScreensDefinition>) throws
        -> Value?
    {
        var entries = component.state.entries
        var nextID = component.state.nextID
        func entry() throws -> ScreenEntry {
            guard case .string(let name)? = arguments.first, !name.isEmpty else {
                throw WidgetError(
                    message: "ui.navigation.\(action.dropFirst("screens.".count)): expected a screen's name as a string")
            }
            defer { nextID += 1 }
            return ScreenEntry(id: nextID, name: name, params: arguments.count > 1 ? arguments[1] : .null)
        }
        switch action {
        case "screens.push":
            entries.append(try entry())
        case "screens.replace":
            let new = try entry()
            entries[entries.count - 1] = new
        case "screens.reset":
            entries = [try entry()]
        case "screens.pop":
            guard entries.count > 1 else { return .bool(false) }
            entries.removeLast()
        case "screens.key":
            guard KeyBinding.action(forEvent: arguments.first, in: Self.spec.bindings) == "back", entries.count > 1
            else { return .bool(false) }
            entries.removeLast()
        default:
            return nil
        }
        let (final, next) = (entries, nextID)
        component.updateState { state in
            var state = state
            state.entries = final
            state.nextID = next
            return state
        }
        if let onChange = component.props.onChange {
            component.call(onChange, [.array(ValueArray(final.map { .string($0.name) }))])
        }
        return .bool(true)
    }
}

/// The props of `ui.screens`.
public struct ScreensProps: Sendable, Equatable {
    /// The first screen's name, and its params.
    public var initial: String
    public var params: Value
    /// Called with the stack of names after each change.
    public var onChange: Handler?
    /// The props of the screens' box: sizing, `grow`, border.
    public var style: Record
    /// What makes a screen's element.
    public var screens: ScreenRenderer

    public init(
        initial: String, params: Value = .null, onChange: Handler? = nil, style: Record = Record(),
        screens: ScreenRenderer
    ) {
        self.initial = initial
        self.params = params
        self.onChange = onChange
        self.style = style
        self.screens = screens
    }
}

/// What makes a screen's element from its name and params: a script's `render`, or a
/// Swift closure (compared by identity).
public enum ScreenRenderer: Sendable, Equatable {
    case handler(Handler)
    case closure(Closure)

    /// A Swift closure making screens.
    public final class Closure: Sendable, Equatable {
        let render: @Sendable (String, Value) throws -> Element
        public init(_ render: @escaping @Sendable (String, Value) throws -> Element) { self.render = render }
        public static func == (lhs: Closure, rhs: Closure) -> Bool { lhs === rhs }
    }

    func element(named name: String, params: Value) throws -> Element {
        switch self {
        case .closure(let closure):
            return try closure.render(name, params)
        case .handler(let handler):
            switch try ItemContent(calling: handler, with: [.string(name), params], as: "screens render(\"\(name)\")") {
            case .text(let text): return .text(text)
            case .element(let element): return element
            case .nothing: return .empty
            }
        }
    }
}

/// One screen on the stack: a name, its params, and a number that keys it for its life.
public struct ScreenEntry: Sendable, Equatable {
    public var id: Int
    public var name: String
    public var params: Value
}

/// The stack, bottom first.
public struct ScreensState: Sendable, Equatable {
    public var entries: [ScreenEntry]
    var nextID: Int
    /// The elements the screens had when last rendered; not part of the state's value.
    let cache = ScreenCache()

    public static func == (lhs: ScreensState, rhs: ScreensState) -> Bool {
        lhs.entries == rhs.entries && lhs.nextID == rhs.nextID
    }
}

/// The elements of the covered screens, as they were when covered. Read and written by
/// the screens' renders only, on the reconciler's thread.
final class ScreenCache: @unchecked Sendable {
    var elements: [Int: Element] = [:]
}

/// What a Swift component reads of `context.use(ScreensDefinition.navigation)`: the
/// stack, and handlers to move through it (bound to the screens, usable as `onPress`).
public struct Navigation: Sendable {
    private let value: Value

    /// The navigation `value` holds (what the context gives).
    public init(_ value: Value) { self.value = value }

    /// The names on the stack, bottom first.
    public var stack: [String] { value["stack"]?.arrayValue?.values.compactMap(\.stringValue) ?? [] }
    /// The name of the screen shown, if there are screens above the component.
    public var top: String? { value["top"]?.stringValue }

    /// A handler pushing the screen `name` with `params`.
    public func push(_ name: String, _ params: Value = .null) -> Handler? { bound("push", name, params) }
    /// A handler replacing the top screen with `name`.
    public func replace(_ name: String, _ params: Value = .null) -> Handler? { bound("replace", name, params) }
    /// A handler making `name` the only screen.
    public func reset(_ name: String, _ params: Value = .null) -> Handler? { bound("reset", name, params) }
    /// A handler popping the top screen.
    public var pop: Handler? { value["pop"]?.handlerValue }

    private func bound(_ field: String, _ name: String, _ params: Value) -> Handler? {
        guard let handler = value[field]?.handlerValue,
            case .action(let component, let action, _) = handler.target
        else { return nil }
        return Handler(
            component: component, named: handler.componentName ?? "screens", action: action,
            arguments: [.string(name), params])
    }
}

extension ScreensProps: Inspectable {
    public var inspectionValue: Value { .record(["initial": .string(initial)]) }
}

extension ScreensState: Inspectable {
    public var inspectionValue: Value {
        .record(["stack": .array(ValueArray(entries.map { .string($0.name) }))])
    }
}

extension Element {
    /// A stack of screens starting with `initial`: `render(name, params)` makes each.
    /// See ``ScreensDefinition``; screens navigate through
    /// `context.use(ScreensDefinition.navigation)`.
    public static func screens(
        initial: String, params: Value = .null, onChange: Handler? = nil, style: Record = Record(), key: Key? = nil,
        render: @escaping @Sendable (String, Value) throws -> Element
    ) -> Element {
        .component(
            ScreensDefinition(),
            props: ScreensProps(
                initial: initial, params: params, onChange: onChange, style: style,
                screens: .closure(ScreenRenderer.Closure(render))),
            key: key)
    }
}

extension ScreensDefinition {
    /// `ui.screens`.
    static let spec = WidgetSpec(
        name: "screens",
        summary: "A stack of screens, the top one shown; screens navigate with self:use(ui.navigation), esc goes back.",
        props: RecordSchema(
            fields: Fields.sizing + [
                Fields.required("initial", .string), Fields.optional("params", .any),
                Fields.required("render", .function), Fields.optional("onChange", .function),
                Fields.optional("border", Fields.border), Fields.optional("borderColor", .color),
                Fields.optional("title", .string),
            ]),
        bindings: [KeyBinding(["esc"], action: "back", label: "back")],
        constructor: .primitive,
        docs: [
            "initial": "The first screen's name.",
            "params": "The first screen's params, passed to render.",
            "render": FieldDoc(
                "The element of the screen with this name and params.",
                type: "fun(name: string, params: any): theolua.Element|string|nil"),
            "onChange": FieldDoc("Called with the stack of names after each change.", type: "fun(stack: string[])"),
            "border": "A border around the screens.", "borderColor": "The border's color.",
            "title": "A title in the top border.",
        ],
        make: .element { props, key in ScreensDefinition.element(props: props, key: key) })

    /// The element of `ui.screens` from its validated props.
    static func element(props: Record, key: Key?) -> Element {
        var style: [Record.Entry] = []
        var initial = ""
        var params = Value.null
        var render: Handler?
        var onChange: Handler?
        for entry in props.entries {
            switch entry.key {
            case "initial": initial = entry.value.stringValue ?? ""
            case "params": params = entry.value
            case "render": render = entry.value.handlerValue
            case "onChange": onChange = entry.value.handlerValue
            default: style.append(entry)
            }
        }
        guard let render else { return .empty }  // the schema requires it
        return .component(
            ScreensDefinition(),
            props: ScreensProps(
                initial: initial, params: params, onChange: onChange, style: Record(uniqueEntries: style),
                screens: .handler(render)),
            key: key)
    }
}
