/// A value handed down a subtree without passing it through every component's props:
/// a theme, the signed-in user, a locale. Like React's context.
///
/// A ``ContextProvider`` element (``Element/provider(_:value:key:children:)``) provides a
/// value to its subtree, and a host can provide one above the root
/// (``Reconciler/provide(_:value:)``); a component reads the nearest one above it with
/// ``ComponentRef/use(_:)`` (its default when none is above). When a provided value
/// changes, the components that used it render again, and only those, even where the
/// components between them did not render.
///
/// A context is identified by the object: two contexts with equal defaults are different
/// contexts.
public final class ContextKey: Sendable, Hashable, CustomStringConvertible {
    /// The value `use` returns where no provider is above.
    public let defaultValue: Value
    /// A name for messages and inspection.
    public let name: String

    /// A new context with `defaultValue`.
    public init(_ defaultValue: Value, name: String = "context") {
        self.defaultValue = defaultValue
        self.name = name
    }

    public static func == (lhs: ContextKey, rhs: ContextKey) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    public var description: String { name }
}

/// The component a provider element mounts: it renders its children, and the reconciler
/// finds it when a component below uses its context.
public struct ContextProvider: ComponentDefinition {
    /// A provider's props: the context, the value it provides, the children.
    public struct Props: Sendable, Equatable {
        public var context: ContextKey
        public var value: Value
        public var children: [Element]

        /// Children are compared as the very same elements, not by content: different
        /// ones are reconciled, as a box's are, which costs what changed rather than a
        /// walk of both descriptions.
        public static func == (lhs: Props, rhs: Props) -> Bool {
            lhs.context === rhs.context && lhs.value == rhs.value && lhs.children.count == rhs.children.count
                && zip(lhs.children, rhs.children).allSatisfy { $0.storage === $1.storage }
        }
    }
    public typealias State = NoState

    public init() {}

    public var name: String { "Provider" }

    public func initialState(props: Props) throws -> NoState { NoState() }

    public func render(_ component: ComponentRef<ContextProvider>) throws -> [Element] {
        component.props.children
    }
}

extension Element {
    /// Provides `value` for `context` to `children` and everything below them.
    public static func provider(
        _ context: ContextKey, value: Value, key: Key? = nil, children: [Element]
    ) -> Element {
        .component(
            ContextProvider(), props: ContextProvider.Props(context: context, value: value, children: children),
            key: key)
    }
}

extension ComponentRef {
    /// The value of the nearest provider of `context` above this component, or the
    /// context's default. The component renders again when that value changes, whether
    /// it asked in `render`, in an action or in its controller.
    public func use(_ context: ContextKey) -> Value {
        guard let reconciler = instance.reconciler else { return context.defaultValue }
        return reconciler.contextValue(context, for: instance)
    }
}

extension Reconciler {
    /// Provides `value` for `context` above the root: what every component that uses
    /// the context reads where no provider element of it is above, as if a provider
    /// wrapped the root, though none shows in the tree. A host provides its own
    /// contexts this way (the runtime, ``Viewport/context``). When the value changes,
    /// the components that used the context without a provider above render again at
    /// the next turn, and only those; the same value again does nothing.
    public func provide(_ context: ContextKey, value: Value) {
        guard value != (rootContexts[context] ?? context.defaultValue) else { return }
        rootContexts[context] = value
        guard let consumers = rootContextConsumers.removeValue(forKey: context) else { return }
        for id in consumers {
            guard let consumer = instances[id], consumer.isMounted else { continue }
            consumer.needsRender = true
            markDirty(consumer)
        }
    }

    /// The value of the nearest provider of `context` above `consumer`, which is noted
    /// as depending on it; else the value provided above the root, or the default.
    func contextValue(_ context: ContextKey, for consumer: ComponentInstanceBase) -> Value {
        var current = consumer.parent
        while let instance = current {
            if let provider = instance.asComponent, let provided = provider.provided, provided.context === context {
                contextConsumers[provider.id, default: []].insert(consumer.id)
                return provided.value
            }
            current = instance.parent
        }
        rootContextConsumers[context, default: []].insert(consumer.id)
        return rootContexts[context] ?? context.defaultValue
    }

    /// Forgets that the component `id`, unmounting, used a context with no provider
    /// above it; a context no mounted component uses so is forgotten too (a reloaded
    /// script makes its contexts anew).
    func forgetRootContextConsumer(_ id: ComponentID) {
        var unused: [ContextKey] = []
        for index in rootContextConsumers.indices {
            guard rootContextConsumers.values[index].remove(id) != nil else { continue }
            if rootContextConsumers.values[index].isEmpty { unused.append(rootContextConsumers.keys[index]) }
        }
        for context in unused { rootContextConsumers[context] = nil }
    }

    /// Called when `provider`'s context or value changed: its consumers render again in
    /// this pass (see ``renderContextConsumers()``).
    func providedValueChanged(_ provider: ComponentInstanceBase) {
        guard let consumers = contextConsumers.removeValue(forKey: provider.id) else { return }
        for id in consumers {
            guard let consumer = instances[id], consumer.isMounted else { continue }
            consumer.needsRender = true
            markDirty(consumer)
            contextDirty.append(consumer)
        }
    }

    /// Renders the consumers whose context value changed during the pass, parents first,
    /// unless the pass reached them already. A consumer's render may change what a
    /// provider below it provides, so this repeats until no consumer is left.
    func renderContextConsumers() {
        while !contextDirty.isEmpty {
            let batch = contextDirty.sorted { $0.depth < $1.depth }
            contextDirty.removeAll()
            for component in batch where component.isMounted && component.isDirty {
                if applyUpdates(component) {
                    render(component, anchor: .after(component), isFirst: false)
                }
            }
        }
    }
}
