import TheoluaCore

/// `ui.tree`: nodes in rows, a branch's children shown under it, indented, when it is
/// expanded. A node is a record with an `id` (unique in the tree) and a `label`; its
/// children are given inline (`children = { ... }`) or loaded when it is first expanded,
/// by the tree's `children(node)` (a node with `branch = true` has children to load).
///
/// Only the rows around the selection are rendered, reconciled, laid out and painted,
/// as in a ``ListDefinition``, whose `list` primitive draws them. They are found by
/// walking the tree from the selected node, a row at a time, so nothing beyond them is
/// counted or loaded: a tree with thousands of nodes expanded costs what a screenful
/// costs. A branch's children are read when first needed (it is expanded and in
/// reach), and forgotten when it collapses (expanding it again reads them anew).
///
/// Keys: `up`, `down`, `pageup`, `pagedown`, `home`, `end` move the selection; `right`
/// expands a branch (or moves into it), `left` collapses it (or moves to the parent),
/// `space` toggles it; `enter` activates the node (`onActivate`, else it toggles a
/// branch). A click selects a row, a click on the selected row activates it, a click on
/// the ▸/▾ toggles the branch.
public struct TreeDefinition: ComponentDefinition {
    public typealias Props = TreeProps
    public typealias State = TreeState

    public var name: String { "tree" }

    public init() {}

    public func initialState(props: TreeProps) throws -> TreeState {
        var state = TreeState()
        state.expanded = Set(props.expanded.compactMap(TreeModel.key(of:)))
        return state
    }

    public func render(_ component: ComponentRef<TreeDefinition>) throws -> [Element] {
        let props = component.props
        let state = component.state
        let model = try state.model.prepared(for: props)
        var rows: [Element] = []
        var selectedSlot = 0
        if let selected = try Self.selectedKey(props, state, model) {
            // The rows around the selection, found by walking from it: nothing before or
            // after them is counted or loaded.
            let reach = max(component.viewportHeight, 1) + ListDefinition.overscan
            var before: [Key] = []
            var key = selected
            while before.count < reach, let previous = try model.key(before: key, expanded: state.expanded) {
                before.append(previous)
                key = previous
            }
            var keys = Array(before.reversed())
            selectedSlot = keys.count + 1
            keys.append(selected)
            key = selected
            for _ in 0..<reach {
                guard let next = try model.key(after: key, expanded: state.expanded) else { break }
                keys.append(next)
                key = next
            }
            rows.reserveCapacity(keys.count)
            for key in keys {
                rows.append(try model.element(for: key, expanded: state.expanded, props: props, component: component))
            }
            if keys.first != model.window.first { model.windowStart += 1 }
            model.window = keys
        } else {
            model.window = []
        }
        var host = props.style
        // Rows are numbered from a number that changes whenever the window slides, so
        // that the list primitive brings the selection into view: it needs no more.
        host["first"] = .int(model.windowStart)
        host["selected"] = .int(selectedSlot == 0 ? 0 : model.windowStart + selectedSlot - 1)
        host["onListKey"] = .handler(component.handler("list.key"))
        host["onKey"] = .handler(component.handler("tree.key"))
        if host["keys"] == nil { host["keys"] = Self.declaredKeys }
        return [.host("list", props: host, children: rows)]
    }

    /// The keys the tree answers beyond a list's, for `ui.keyhints` and the help.
    static let declaredKeys: Value = [["right", "expand"], ["left", "collapse"], ["space", "toggle"]]

    /// The selected node: the `selected` prop when the parent controls it, else the
    /// tree's own, else the first row; when a node above it is collapsed, that node.
    static func selectedKey(_ props: TreeProps, _ state: TreeState, _ model: TreeModel) throws -> Key? {
        let wanted: Key?
        if let controlled = props.selected.flatMap(TreeModel.key(of:)), model.info[controlled] != nil {
            wanted = controlled
        } else if let own = state.selected, model.info[own] != nil {
            wanted = own
        } else {
            wanted = model.rootKeys.first
        }
        guard var key = wanted else { return nil }
        var node = key
        while let parent = model.info[node]?.parent {
            if !state.expanded.contains(parent) { key = parent }
            node = parent
        }
        return key
    }

    public func perform(action: String, arguments: [Value], component: ComponentRef<TreeDefinition>) throws -> Value? {
        let props = component.props
        let state = component.state
        let model = try state.model.prepared(for: props)
        guard let current = try Self.selectedKey(props, state, model), let info = model.info[current] else {
            return .bool(false)
        }
        let isExpanded = state.expanded.contains(current)
        switch action {
        case "list.key":
            guard case .string(let name)? = arguments.first else { return .bool(false) }
            let page = max(1, (arguments.count > 1 ? arguments[1].intValue ?? 1 : 1) - 1)
            var target: Key? = current
            switch name {
            case "up": target = try model.key(before: current, expanded: state.expanded)
            case "down": target = try model.key(after: current, expanded: state.expanded)
            case "pageup", "pagedown":
                var key = current
                for _ in 0..<page {
                    let next = try name == "pageup"
                        ? model.key(before: key, expanded: state.expanded) : model.key(after: key, expanded: state.expanded)
                    guard let next else { break }
                    key = next
                }
                target = key
            case "home": target = model.rootKeys.first
            case "end": target = try model.lastKey(expanded: state.expanded)
            case "enter":
                activate(current, info, isExpanded, component)
                return .bool(true)
            case "pick":
                // A click on the row `arguments[2]` of the window.
                guard arguments.count > 2, let row = arguments[2].intValue,
                    model.window.indices.contains(row - model.windowStart)
                else { return .bool(false) }
                let picked = model.window[row - model.windowStart]
                if picked == current {
                    activate(current, info, isExpanded, component)
                    return .bool(true)
                }
                target = picked
            default: return .bool(false)
            }
            if let target { select(target, from: current, model, component) }
            return .bool(true)
        case "tree.key":
            switch KeyBinding.action(forEvent: arguments.first, in: Self.keyBindings) {
            case "expand":
                if info.isBranch && !isExpanded {
                    toggle(current, info, to: true, component)
                } else if isExpanded, let first = try model.children(of: current)?.first {
                    select(first, from: current, model, component)
                }
            case "collapse":
                if isExpanded {
                    toggle(current, info, to: false, component)
                } else if let parent = info.parent {
                    select(parent, from: current, model, component)
                }
            case "toggle":
                guard info.isBranch else { return AppKeys.passOn(arguments, to: props.style["onKey"], component) }
                toggle(current, info, to: !isExpanded, component)
            default:
                return AppKeys.passOn(arguments, to: props.style["onKey"], component)
            }
            return .bool(true)
        case "tree.toggle":
            // A click on a row's ▸ or ▾.
            guard let key = arguments.first.flatMap(TreeModel.key(of:)), let clicked = model.info[key], clicked.isBranch
            else { return .bool(false) }
            toggle(key, clicked, to: !state.expanded.contains(key), component)
            return .bool(true)
        default:
            return nil
        }
    }

    /// The keys of `tree.key`: the tree's own, beyond the list's.
    static let keyBindings: [KeyBinding] = [
        KeyBinding(["right"], action: "expand", label: "expand"),
        KeyBinding(["left"], action: "collapse", label: "collapse"),
        KeyBinding(["space"], action: "toggle", label: "toggle"),
    ]

    private func activate(_ key: Key, _ info: TreeModel.NodeInfo, _ isExpanded: Bool, _ component: ComponentRef<TreeDefinition>) {
        if let onActivate = component.props.onActivate, !(info.isBranch && component.props.togglesBranchesOnEnter) {
            component.call(onActivate, [.record(info.record)])
        } else if info.isBranch {
            toggle(key, info, to: !isExpanded, component)
        }
    }

    private func select(_ key: Key, from current: Key, _ model: TreeModel, _ component: ComponentRef<TreeDefinition>) {
        guard key != current else { return }
        component.updateState { state in
            var state = state
            state.selected = key
            return state
        }
        if let onSelect = component.props.onSelect, let info = model.info[key] {
            component.call(onSelect, [.record(info.record)])
        }
    }

    private func toggle(_ key: Key, _ info: TreeModel.NodeInfo, to expand: Bool, _ component: ComponentRef<TreeDefinition>) {
        let model = component.state.model
        component.updateState { state in
            var state = state
            if expand {
                state.expanded.insert(key)
            } else {
                state.expanded.remove(key)
                model.forgetChildren(of: key)
            }
            state.selected = key
            return state
        }
        if let onToggle = component.props.onToggle { component.call(onToggle, [.record(info.record), .bool(expand)]) }
    }
}

/// The props of a tree.
public struct TreeProps: Sendable, Equatable {
    /// The top-level nodes (records with `id`, `label`, and `children` or `branch`).
    public var nodes: [Value]
    /// What loads a branch's children when it is first expanded, if any.
    public var loader: TreeLoader?
    /// What makes a row's content (after its indent and ▸/▾), if not the label.
    public var render: Handler?
    /// The selected node's id when the parent controls the selection.
    public var selected: Value?
    /// The ids of the nodes expanded at first.
    public var expanded: [Value]
    public var onSelect: Handler?
    public var onActivate: Handler?
    public var onToggle: Handler?
    /// The host props of the tree's box: border, sizing, focus.
    public var style: Record
    /// Whether `enter` on a branch toggles it even with an `onActivate`, which then hears
    /// only leaves (a file picker's folders and files).
    public var togglesBranchesOnEnter = false

    public init(
        nodes: [Value], loader: TreeLoader? = nil, render: Handler? = nil, selected: Value? = nil,
        expanded: [Value] = [], onSelect: Handler? = nil, onActivate: Handler? = nil, onToggle: Handler? = nil,
        style: Record = Record()
    ) {
        self.nodes = nodes
        self.loader = loader
        self.render = render
        self.selected = selected
        self.expanded = expanded
        self.onSelect = onSelect
        self.onActivate = onActivate
        self.onToggle = onToggle
        self.style = style
    }
}

/// What loads a branch's children: a script's `children(node)`, or a Swift closure
/// (compared by identity).
public enum TreeLoader: Sendable, Equatable {
    case handler(Handler)
    case closure(Closure)

    /// A Swift closure returning a node's children.
    public final class Closure: Sendable, Equatable {
        let load: @Sendable (Record) throws -> [Value]
        public init(_ load: @escaping @Sendable (Record) throws -> [Value]) { self.load = load }
        public static func == (lhs: Closure, rhs: Closure) -> Bool { lhs === rhs }
    }

    func children(of node: Record) throws -> [Value] {
        switch self {
        case .closure(let closure):
            return try closure.load(node)
        case .handler(let handler):
            guard case .function(let box) = handler.target else { return [] }
            switch try box.function.call([.record(node)]) {
            case .array(let items): return items.values
            case .null: return []
            case .record(let record) where record.isEmpty: return []
            default:
                throw ListItemError(
                    message: "tree children(node) must return a list of nodes or nil", function: box.function)
            }
        }
    }
}

/// A tree's own state: its selection (when the parent does not control it) and the
/// expanded nodes, by id.
public struct TreeState: Sendable, Equatable {
    public var selected: Key?
    public var expanded: Set<Key> = []
    /// The nodes as loaded, and the window last rendered; not part of the state's value.
    let model = TreeModel()

    public static func == (lhs: TreeState, rhs: TreeState) -> Bool {
        lhs.selected == rhs.selected && lhs.expanded == rhs.expanded
    }
}

/// The nodes a tree has seen, by id, with where each sits, and the number of rows under
/// each expanded node. Read and written by the tree's renders and actions only, on the
/// reconciler's thread.
final class TreeModel: @unchecked Sendable {
    struct NodeInfo {
        var record: Record
        var parent: Key?
        var depth: Int
        var index: Int
        var isBranch: Bool
        /// The children's ids once loaded (inline children are read when first needed).
        var children: [Key]?
    }

    private(set) var info: [Key: NodeInfo] = [:]
    private(set) var rootKeys: [Key] = []
    /// The rows the last render made, in order: what a click's row number names.
    var window: [Key] = []
    /// The number the window's first row goes by: it changes whenever the window slides.
    var windowStart = 1
    private var nodes: [Value]?
    private var loader: TreeLoader?

    /// A node's id as a key: a string or an integer.
    static func key(of value: Value) -> Key? {
        switch value {
        case .string(let text): .string(text)
        case .int(let number): .int(number)
        case .double(let number) where number == number.rounded() && abs(number) < 1e15: .int(Int(number))
        default: nil
        }
    }

    /// The model for `props`: read anew when the top-level nodes change.
    func prepared(for props: TreeProps) throws -> TreeModel {
        loader = props.loader
        guard nodes != props.nodes else { return self }
        nodes = props.nodes
        info.removeAll(keepingCapacity: true)
        rootKeys = try add(props.nodes, parent: nil, depth: 0)
        return self
    }

    /// Records `values` as the children of `parent`, returning their ids.
    private func add(_ values: [Value], parent: Key?, depth: Int) throws -> [Key] {
        var keys: [Key] = []
        keys.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            guard let record = value.recordValue else {
                throw WidgetError(message: "a node must be a table with an id, got \(value.typeName)")
            }
            guard let key = record["id"].flatMap(Self.key(of:)) else {
                throw WidgetError(message: "a node needs an id (a string or an integer): \(record)")
            }
            guard info[key] == nil else {
                throw WidgetError(message: "two nodes have the id \(key); ids must be unique in the tree")
            }
            let isBranch = record["children"] != nil || record["branch"]?.boolValue == true
            info[key] = NodeInfo(
                record: record, parent: parent, depth: depth, index: index, isBranch: isBranch, children: nil)
            keys.append(key)
        }
        return keys
    }

    /// The children of `key`, loaded if need be; nil for a leaf.
    func children(of key: Key) throws -> [Key]? {
        guard let node = info[key], node.isBranch else { return nil }
        if let children = node.children { return children }
        let values: [Value]
        if let inline = node.record["children"]?.arrayValue {
            values = inline.values
        } else if let loader {
            values = try loader.children(of: node.record)
        } else {
            values = []
        }
        let children = try add(values, parent: key, depth: node.depth + 1)
        info[key]?.children = children
        return children
    }

    /// Forgets what was loaded under `key`, which collapsed: expanding it reads its
    /// children again.
    func forgetChildren(of key: Key) {
        guard let children = info[key]?.children else { return }
        info[key]?.children = nil
        for child in children {
            forgetChildren(of: child)
            info[child] = nil
        }
    }

    /// The siblings of the node `node` describes, itself among them.
    private func siblings(of node: NodeInfo) throws -> [Key] {
        try node.parent.flatMap { try children(of: $0) } ?? rootKeys
    }

    /// The last row under `key` (itself when it is collapsed or a leaf).
    private func lastRow(under key: Key, expanded: Set<Key>) throws -> Key {
        var key = key
        while expanded.contains(key), let last = try children(of: key)?.last { key = last }
        return key
    }

    /// The node on the last row.
    func lastKey(expanded: Set<Key>) throws -> Key? {
        guard let last = rootKeys.last else { return nil }
        return try lastRow(under: last, expanded: expanded)
    }

    /// The node on the row before `key`'s.
    func key(before key: Key, expanded: Set<Key>) throws -> Key? {
        guard let node = info[key] else { return nil }
        if node.index > 0 {
            let siblings = try siblings(of: node)
            guard node.index - 1 < siblings.count else { return nil }
            return try lastRow(under: siblings[node.index - 1], expanded: expanded)
        }
        return node.parent
    }

    /// The node on the row after `key`'s.
    func key(after key: Key, expanded: Set<Key>) throws -> Key? {
        if expanded.contains(key), let first = try children(of: key)?.first { return first }
        var node = key
        while let current = info[node] {
            let siblings = try siblings(of: current)
            if current.index + 1 < siblings.count { return siblings[current.index + 1] }
            guard let parent = current.parent else { return nil }
            node = parent
        }
        return nil
    }

    /// The row of `key`: its indent, its ▸ or ▾ (a click toggles it), its content.
    func element(
        for key: Key, expanded: Set<Key>, props: TreeProps, component: ComponentRef<TreeDefinition>
    ) throws -> Element {
        guard let node = info[key] else { return .empty }
        let isExpanded = expanded.contains(key)
        let indent = String(repeating: "  ", count: node.depth)
        var parts: [Element] = []
        if node.isBranch {
            parts.append(
                .text(
                    indent + (isExpanded ? "▾ " : "▸ "),
                    ["wrap": "none", "onClick": .handler(component.handler("tree.toggle", Self.value(of: key)))]))
        } else {
            parts.append(.text(indent + "  ", ["wrap": "none"]))
        }
        if let render = props.render {
            let details: Value = [
                "depth": .int(node.depth + 1), "expanded": .bool(isExpanded), "branch": .bool(node.isBranch),
            ]
            switch try ItemContent(calling: render, with: [.record(node.record), details], as: "tree render(\(key))") {
            case .text(let text): parts.append(.text(text, ["wrap": "ellipsis"]))
            case .element(let element): parts.append(element)
            case .nothing: break
            }
        } else {
            parts.append(.text(node.record["label"]?.stringValue ?? "\(key)", ["wrap": "ellipsis"]))
        }
        return .row(key: key, children: parts)
    }

    static func value(of key: Key) -> Value {
        switch key {
        case .string(let text): .string(text)
        case .int(let number): .int(number)
        }
    }
}

extension TreeProps: Inspectable {
    public var inspectionValue: Value { .record(["nodes": .int(nodes.count)]) }
}

extension TreeState: Inspectable {
    public var inspectionValue: Value {
        var fields: [(String, Value)] = [("expanded", .int(expanded.count))]
        if let selected { fields.append(("selected", TreeModel.value(of: selected))) }
        return .record(Record(fields))
    }
}

extension Element {
    /// A tree of `nodes` (records with `id`, `label`, and `children` or `branch = true`),
    /// whose branches' children `children(node)` loads when first expanded. See
    /// ``TreeDefinition``.
    public static func tree(
        nodes: [Value], expanded: [Value] = [], onSelect: Handler? = nil, onActivate: Handler? = nil,
        onToggle: Handler? = nil, style: Record = Record(), key: Key? = nil,
        children: (@Sendable (Record) throws -> [Value])? = nil
    ) -> Element {
        .component(
            TreeDefinition(),
            props: TreeProps(
                nodes: nodes, loader: children.map { .closure(TreeLoader.Closure($0)) }, expanded: expanded,
                onSelect: onSelect, onActivate: onActivate, onToggle: onToggle, style: style),
            key: key)
    }
}

extension TreeDefinition {
    /// `ui.tree`.
    static let spec = WidgetSpec(
        name: "tree",
        summary: "Nodes in rows, a branch's children indented under it when expanded; only the rows in view are rendered.",
        props: RecordSchema(
            fields: Fields.boxLayout + [
                Fields.required("nodes", .array(of: .table)),
                Fields.optional("children", .function), Fields.optional("render", .function),
                Fields.optional("selected", .oneOf([.string, .integer(min: nil, max: nil)])),
                Fields.optional("expanded", .array(of: .oneOf([.string, .integer(min: nil, max: nil)]))),
                Fields.optional("onSelect", .function), Fields.optional("onActivate", .function),
                Fields.optional("onToggle", .function),
            ]),
        bindings: ListWidget.bindings + keyBindings, constructor: .primitive,
        docs: [
            "nodes": FieldDoc("The top-level nodes.", type: "theolua.TreeNode[]"),
            "children": FieldDoc(
                "Loads a branch's children when it is first expanded.", type: "fun(node: theolua.TreeNode): theolua.TreeNode[]|nil"),
            "render": FieldDoc(
                "A row's content after its indent and ▸/▾ (default: the label).",
                type: "fun(node: theolua.TreeNode, row: { depth: integer, expanded: boolean, branch: boolean }): theolua.Element|string|nil"),
            "selected": FieldDoc("The selected node's id when the parent controls it.", type: "string|integer"),
            "expanded": FieldDoc("The ids of the nodes expanded at first.", type: "(string|integer)[]"),
            "onSelect": FieldDoc("Called with the node the selection moves to.", type: "fun(node: theolua.TreeNode)"),
            "onActivate": FieldDoc(
                "Called with the selected node on enter or a click on it (else enter toggles a branch).",
                type: "fun(node: theolua.TreeNode)"),
            "onToggle": FieldDoc(
                "Called with a branch and whether it is now expanded.", type: "fun(node: theolua.TreeNode, expanded: boolean)"),
        ],
        make: .element { props, key in TreeDefinition.element(props: props, key: key) })

    /// The element of `ui.tree` from its validated props.
    static func element(props: Record, key: Key?) -> Element {
        var style: [Record.Entry] = []
        var tree = TreeProps(nodes: [])
        for entry in props.entries {
            switch entry.key {
            case "nodes": tree.nodes = entry.value.arrayValue?.values ?? []
            case "children": tree.loader = entry.value.handlerValue.map(TreeLoader.handler)
            case "render": tree.render = entry.value.handlerValue
            case "selected": tree.selected = entry.value
            case "expanded": tree.expanded = entry.value.arrayValue?.values ?? []
            case "onSelect": tree.onSelect = entry.value.handlerValue
            case "onActivate": tree.onActivate = entry.value.handlerValue
            case "onToggle": tree.onToggle = entry.value.handlerValue
            default: style.append(entry)
            }
        }
        tree.style = Record(uniqueEntries: style)
        return .component(TreeDefinition(), props: tree, key: key)
    }
}
