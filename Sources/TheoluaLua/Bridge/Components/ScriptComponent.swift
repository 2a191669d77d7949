import CLua
import TheoluaCore

/// A component defined by a script with `ui.component`: props are a validated record,
/// state any value. Its identity across reloads is its name; a reload makes a new,
/// unequal definition of the same name, which re-renders the component's instances
/// while the core keeps their state and controllers.
///
/// `@unchecked Sendable`: elements carrying it are values, but a script component is
/// only ever rendered and called on its bridge's thread.
public final class ScriptComponent: ComponentDefinition, @unchecked Sendable {
    public typealias Props = Record
    public typealias State = Value

    public let name: String
    /// Where `ui.component` was called, as `file:line`.
    public let location: String
    let schema: BoundSchema?
    /// The spec table (spec form) or the render function (function form).
    let body: LuaRef
    let isFunctionForm: Bool
    /// The spec's fields, read once when `ui.component` is called: `render` (the body in
    /// the function form), `initialState`, and the `actions` and `controller` tables.
    let parts: SpecParts
    private let link: BridgeLink
    var bridge: LuaBridge? { link.bridge }

    init(
        name: String, location: String, schema: BoundSchema?, body: LuaRef, isFunctionForm: Bool, parts: SpecParts,
        bridge: LuaBridge
    ) {
        self.name = name
        self.location = location
        self.schema = schema
        self.body = body
        self.isFunctionForm = isFunctionForm
        self.parts = parts
        link = bridge.link
    }

    public static func == (lhs: ScriptComponent, rhs: ScriptComponent) -> Bool { lhs === rhs }

    public func continues(from previous: ScriptComponent) -> Bool { parts.version == previous.parts.version }

    public func initialState(props: Record) throws -> Value {
        guard let bridge else { return .null }
        return try bridge.initialState(of: self, props: props)
    }

    public func render(_ component: ComponentRef<ScriptComponent>) throws -> [Element] {
        guard let bridge else { return [] }
        return try bridge.render(component)
    }

    public func perform(action: String, arguments: [Value], component: ComponentRef<ScriptComponent>) throws -> Value? {
        guard let bridge else { return nil }
        return try bridge.perform(action: action, arguments: arguments, component: component)
    }

    public func makeController(for component: ComponentRef<ScriptComponent>) throws -> (any ComponentController)? {
        guard let bridge else { return nil }
        return try bridge.makeController(for: component)
    }

    public func didUnmount(_ component: ComponentRef<ScriptComponent>) {
        bridge?.forgetSelf(of: component)
        bridge?.forgetElementPool(for: component.id)
    }

    /// Pushes the spec's field `field` (raw), or nil for the function form: `[]` → `[v]`.
    /// For a script's own fields; the known ones are in `parts`.
    func pushSpecField(ofKeyAt key: Int32, _ L: OpaquePointer) {
        guard !isFunctionForm else {
            lua_pushnil(L)
            return
        }
        let key = lua_absindex(L, key)
        body.push(L)
        lua_pushvalue(L, key)
        lua_rawget(L, -2)
        lua_rotate(L, -2, 1)
        lua_settop(L, -2)
    }
}

/// The fields of a spec `ui.component` reads once, as references to the script's
/// functions and tables.
struct SpecParts {
    /// The render function.
    let render: LuaRef
    let initialState: LuaRef?
    /// Whether `initialState` declares parameters: without any it gets no props view.
    let initialStateTakesProps: Bool
    /// The `actions` table, whose functions are looked up when an action arrives.
    let actions: LuaRef?
    /// The `controller` table, whose methods are looked up when they are called.
    let controller: LuaRef?
    /// The spec's `version` (a string or a number): when a reload changes it, mounted
    /// components start afresh.
    var version: Value = .null
}

extension LuaBridge {
    /// The initial state: the spec's `initialState(props)`, or nil without one.
    func initialState(of definition: ScriptComponent, props: Record) throws(ScriptError) -> Value {
        drainReleases()
        guard let initialState = definition.parts.initialState else { return .null }
        initialState.push(L)
        // `function() return { … } end` does not look at props: skip making a view.
        let arguments: Int32 = definition.parts.initialStateTakesProps ? 1 : 0
        if arguments == 1 { pushView(.record(props), owner: definition.name, label: "props") }
        do {
            try state.call(arguments: arguments, results: 1)
        } catch {
            throw scriptError(error, component: definition.name)
        }
        defer { state.pop() }
        var context = ConversionContext()
        do {
            return try value(at: -1, &context)
        } catch {
            throw ScriptError(
                .validation, location: definition.location, message: error.message(subject: "initial state"),
                component: definition.name)
        }
    }

    /// One generation's children: `render(self)` (or `render(props)` for the function
    /// form), its result converted by the children rules.
    func render(_ component: ComponentRef<ScriptComponent>) throws(ScriptError) -> [Element] {
        drainReleases()
        let definition = component.definition
        definition.parts.render.push(L)
        if definition.isFunctionForm {
            pushView(.record(component.props), owner: definition.name, label: "props")
        } else {
            pushSelf(of: component)
        }
        let outerPool = activePool
        activePool = beginElementPool(for: component.id)
        defer {
            if let pool = activePool { finishElementPool(pool, for: component.id) }
            activePool = outerPool
        }
        let base = lua_gettop(L) - 2
        do {
            try withOwner(component) { () throws(ScriptError) in
                try state.call(arguments: 1, results: LUA_MULTRET)
            }
        } catch {
            throw scriptError(error, component: definition.name)
        }
        if lua_gettop(L) == base {
            // No `return` at all: likely forgotten (an explicit `return nil` is quiet).
            warnOfRenderWithoutResult(definition)
            lua_pushnil(L)
        }
        lua_settop(L, base + 1)
        defer { state.pop() }
        if lua_type(L, -1) == LUA_TNIL { return [] }
        var elements: [Element] = []
        var context = ConversionContext()
        do {
            try children(at: -1, into: &elements, &context)
        } catch {
            throw ScriptError(
                .validation, location: definition.location, message: error.message(subject: "render result"),
                component: definition.name)
        }
        if elements.count > 1, let key = Element.firstDuplicateKey(in: elements) {
            throw ScriptError(
                .runtime, location: definition.location,
                message: "\(DuplicateKeyError(key: key, parent: "its render result"))", component: definition.name)
        }
        return elements
    }

    /// Runs the spec's `actions[action](self, ...)` if there is one; returns its result.
    func perform(action: String, arguments: [Value], component: ComponentRef<ScriptComponent>) throws(ScriptError)
        -> Value?
    {
        drainReleases()
        guard let actions = component.definition.parts.actions else { return nil }
        actions.push(L)
        defer { state.pop() }
        state.rawField(-1, action)
        guard lua_type(L, -1) == LUA_TFUNCTION else {
            state.pop()
            return nil
        }
        pushSelf(of: component)
        return try callWithArguments(arguments, extra: 1, owner: component)
    }

    /// `[f, extra…]` → `[]`: calls with `extra` values already pushed, then `arguments`;
    /// returns the first result.
    @discardableResult
    func callWithArguments(_ arguments: [Value], extra: Int32, owner: ComponentRef<ScriptComponent>) throws(ScriptError)
        -> Value
    {
        guard lua_checkstack(L, Int32(clamping: arguments.count + 4)) != 0 else {
            state.pop(extra + 1)
            throw ScriptError(.runtime, message: "too many arguments", component: owner.name)
        }
        for argument in arguments { pushPlain(argument) }
        do {
            try withOwner(owner) { () throws(ScriptError) in
                try state.call(arguments: extra + Int32(arguments.count), results: 1)
            }
        } catch {
            throw scriptError(error, component: owner.name)
        }
        return popResult()
    }
}

extension LuaBridge {
    /// Whether the Lua function at `index` declares parameters (or is variadic).
    func takesParameters(at index: Int32) -> Bool {
        var debug = lua_Debug()
        lua_pushvalue(L, index)
        guard lua_getinfo(L, ">u", &debug) != 0 else { return true }
        return debug.nparams > 0 || debug.isvararg != 0
    }
}
