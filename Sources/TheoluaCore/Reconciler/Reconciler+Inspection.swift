/// A mounted component as inspection sees it: `render --tree`, `theolua test`'s
/// `app:find`, and hosts that want to look inside an app. A copy taken at one moment.
public struct ComponentSnapshot: Sendable, Equatable {
    /// The component's identity while mounted.
    public var id: ComponentID
    /// The component's name (`ui.component`'s first argument, or the Swift type's).
    public var name: String
    /// Its key among its siblings, if it has one.
    public var key: Key?
    /// Its latest committed props as plain values (see ``inspectionValue(of:)``).
    public var props: Value
    /// Its latest committed state, likewise.
    public var state: Value
    /// How many times it has rendered since it mounted.
    public var renderCount: Int
    /// How long its last render took (its render function, not its children's),
    /// when the reconciler measured it (``Reconciler/measuresRenderTimes``).
    public var lastRenderTime: Duration?
    /// The components it rendered, directly or inside host elements, in order.
    public var children: [ComponentSnapshot]
    /// Whether the component waits to be rendered (a scroll's row not shown yet, see
    /// ``HostRenderer/defersComponents(in:)``): its props are its latest element's, it has
    /// no state and has not rendered, and its `id` names no mounted component.
    public var isWaiting = false

    /// This snapshot and every one below it, depth first.
    public var all: [ComponentSnapshot] {
        [self] + children.flatMap(\.all)
    }
}

/// Props or state that say what matters about themselves to an inspector (a list's
/// count and selection, not its item closure).
public protocol Inspectable {
    /// What the inspector, `render --tree` and tests' `app:find` show.
    var inspectionValue: Value { get }
}

/// The plain-value view of a component's props or state: itself for a ``Value``, a
/// record for a ``Record``, what an ``Inspectable`` says, the encoding of an
/// `Encodable` value, `nil` for no state, and the type's name for anything else.
public func inspectionValue(of value: some Sendable) -> Value {
    switch value {
    case let value as Value: return value
    case let inspectable as any Inspectable: return inspectable.inspectionValue
    case let record as Record: return .record(record)
    case is NoState: return .null
    case let encodable as any Encodable: return (try? ValueEncoder().encode(encodable)) ?? .string("\(type(of: value))")
    default: return .string("\(type(of: value))")
    }
}

extension Reconciler {
    /// The mounted components, as a tree of snapshots: the root's top components first.
    ///
    /// A secret never shows: the `value` of a host element with a `mask` (a password
    /// field) is shown as that many marks wherever it appears in props or state.
    public func componentTree() -> [ComponentSnapshot] {
        var secrets: [String: String] = [:]
        Self.collectSecrets(below: root, into: &secrets)
        let tree = Self.snapshots(below: root)
        return secrets.isEmpty ? tree : tree.map { $0.redacting(secrets) }
    }

    /// The values of the masked host elements below `instance`, each with what shows
    /// instead.
    private static func collectSecrets(below instance: Instance, into secrets: inout [String: String]) {
        for child in instance.children {
            if child.asComponent == nil, child.element.isHost {
                let props = child.element.hostProps
                if let mark = props["mask"]?.stringValue?.first, let value = props["value"]?.stringValue,
                    !value.isEmpty
                {
                    secrets[value] = String(repeating: mark, count: value.count)
                }
            }
            collectSecrets(below: child, into: &secrets)
        }
    }

    private static func snapshots(below instance: Instance) -> [ComponentSnapshot] {
        instance.children.flatMap { child -> [ComponentSnapshot] in
            if let waiting = child.asWaiting {
                return [
                    ComponentSnapshot(
                        id: .next(), name: waiting.element.typeName, key: waiting.element.key,
                        props: waiting.element.storage.inspectedProps, state: .null, renderCount: 0,
                        lastRenderTime: nil, children: [], isWaiting: true)
                ]
            }
            guard let component = child.asComponent else { return snapshots(below: child) }
            return [
                ComponentSnapshot(
                    id: component.id, name: component.componentName, key: component.element.key,
                    props: component.inspectedProps, state: component.inspectedState,
                    renderCount: component.renderCount, lastRenderTime: component.lastRenderTime,
                    children: snapshots(below: component))
            ]
        }
    }
}

extension Key {
    /// The key as a plain value: a string or an integer.
    public var value: Value {
        switch self {
        case .string(let text): .string(text)
        case .int(let number): .int(number)
        }
    }
}

extension ComponentSnapshot {
    /// The snapshot with every string that is a key of `secrets` replaced by its value.
    func redacting(_ secrets: [String: String]) -> ComponentSnapshot {
        var copy = self
        copy.props = props.redacting(secrets)
        copy.state = state.redacting(secrets)
        copy.children = children.map { $0.redacting(secrets) }
        return copy
    }

    /// The tree below and including this snapshot as indented lines, two spaces a
    /// level: `Name key=K props { … } state { … }` (empty props and no state left out).
    public var treeLines: [String] { lines(depth: 0) }

    private func lines(depth: Int) -> [String] {
        var line = String(repeating: "  ", count: depth) + name
        if let key { line += " key=\(key.value)" }
        if case .record(let record) = props, record.isEmpty {
        } else if props != .null {
            line += " props \(props.sortedForDisplay)"
        }
        if state != .null { line += " state \(state.sortedForDisplay)" }
        if isWaiting { line += " (waiting)" }
        return [line] + children.flatMap { $0.lines(depth: depth + 1) }
    }
}

extension Value {
    /// The value with every record's fields in name order, so that what a script built
    /// from a table (whose order Lua does not keep) prints the same on every run.
    public var sortedForDisplay: Value {
        switch self {
        case .record(let record):
            return .record(
                Record(
                    uniqueEntries: record.entries.sorted { $0.key < $1.key }.map {
                        Record.Entry(key: $0.key, value: $0.value.sortedForDisplay)
                    }))
        case .array(let array):
            return .array(ValueArray(array.map(\.sortedForDisplay)))
        default:
            return self
        }
    }
}


extension Value {
    /// The value with every string that is a key of `secrets` replaced by its value.
    func redacting(_ secrets: [String: String]) -> Value {
        switch self {
        case .string(let text): return secrets[text].map(Value.string) ?? self
        case .array(let items): return .array(ValueArray(items.values.map { $0.redacting(secrets) }))
        case .record(let record):
            return .record(Record(uniqueEntries: record.entries.map { Record.Entry(key: $0.key, value: $0.value.redacting(secrets)) }))
        default: return self
        }
    }
}
