import CLua
import CLuaSupport
import TheoluaCore

/// What a `self` userdata holds: the logical component.
final class ComponentBox {
    /// The component while it is mounted; cleared when it unmounts, so a closure that
    /// captured `self` does not keep the component (and itself) alive across the two
    /// garbage collectors.
    var component: ComponentRef<ScriptComponent>?
    /// The last props and state, readable after the component unmounted.
    var lastProps: Record?
    var lastState: Value?
    /// The component's name, for messages after it unmounted.
    let name: String
    /// The component's controller table, the key of its entry in the registry's
    /// `controllers` table while it is mounted.
    var controllerTable: LuaRef?

    init(_ component: ComponentRef<ScriptComponent>) {
        self.component = component
        name = component.name
    }

    /// Lets go of the component, keeping its last props and state to read.
    func release() {
        lastProps = component?.props
        lastState = component?.state
        component = nil
        controllerTable = nil
    }
}

extension LuaBridge {
    /// Pushes the component's `self`, one userdata per logical component for as long as
    /// it is mounted: `[]` → `[self]`.
    func pushSelf(of component: ComponentRef<ScriptComponent>) {
        registryTable(.selves)  // stack: selves
        lua_rawgeti(L, -1, lua_Integer(component.id.rawValue))
        if lua_type(L, -1) == LUA_TNIL {
            state.pop()
            pushObject(ComponentBox(component), kind: .component)
            lua_pushvalue(L, -1)
            lua_rawseti(L, -3, lua_Integer(component.id.rawValue))
        }
        lua_rotate(L, -2, 1)
        state.pop()
    }

    /// Drops the component's `self` from the cache, and its controller from the
    /// registry's `controllers`, once it has unmounted.
    func forgetSelf(of component: ComponentRef<ScriptComponent>) {
        registryTable(.selves)
        lua_rawgeti(L, -1, lua_Integer(component.id.rawValue))
        if let box = object(at: -1, kind: .component, as: ComponentBox.self) {
            forgetController(of: box)
            box.release()
        }
        state.pop()
        lua_pushnil(L)
        lua_rawseti(L, -2, lua_Integer(component.id.rawValue))
        state.pop()
    }

    /// The component of the `self` (or controller) at `index`.
    func component(at index: Int32) -> ComponentRef<ScriptComponent>? {
        object(at: index, kind: .component, as: ComponentBox.self)?.component ?? nil
    }

    /// Metamethods of `self`: `props`, `state` and the methods, then spec fields.
    static let selfIndex: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            guard lua_type(L, 2) == LUA_TSTRING else { return 0 }
            if let component = bridge.component(at: 1) {
                if bridge.pushPropsOrState(ofKeyAt: 2, of: component) {
                    bridge.keepSelfView(named: 2)
                    return 1
                }
                bridge.pushMethod(ofKeyAt: 2, from: .selfMethods)
                if lua_type(L, -1) == LUA_TNIL {
                    bridge.state.pop()
                    component.definition.pushSpecField(ofKeyAt: 2, L)
                }
                return 1
            }
            guard let key = bridge.state.string(at: 2),
                let box = bridge.object(at: 1, kind: .component, as: ComponentBox.self)
            else { return 0 }
            // Unmounted: the last values stay readable; methods warn and do nothing.
            switch key {
            case "props":
                bridge.pushView(.record(box.lastProps ?? Record()), owner: box.name, label: "props")
                bridge.keepSelfView(named: 2)
            case "state":
                bridge.pushView(box.lastState ?? .null, owner: box.name, label: "state")
                bridge.keepSelfView(named: 2)
            default:
                bridge.registryTable(.selfMethods)
                bridge.state.rawField(-1, key)
                lua_rotate(L, -2, 1)
                bridge.state.pop()
            }
            return 1
        }
    }

    /// Pushes the component's props or state as a view when the string at `key` is
    /// `props` or `state`, recognised by address: `[]` → `[v]`; otherwise pushes nothing
    /// and returns false.
    func pushPropsOrState(ofKeyAt key: Int32, of component: ComponentRef<ScriptComponent>) -> Bool {
        let address = lua_tolstring(L, key, nil)
        if address == values.propsName {
            pushView(.record(component.props), owner: component.name, label: "props")
        } else if address == values.stateName {
            pushView(component.state, owner: component.name, label: "state")
        } else {
            return false
        }
        return true
    }

    /// Keeps the view at the top, just read from the `self` at 1 as `self[name]` (the
    /// string at `name`: props or state), to be read again without Swift until the next
    /// call into Lua (`theolua_views.c`): `[v]` → `[v]`.
    func keepSelfView(named name: Int32) {
        theolua_keep_self_view(L, 1, lua_tolstring(L, name, nil) == values.propsName ? 1 : 2, -1)
    }

    /// Pushes the method of `methods` named by the value at `key`, or nil: `[]` → `[f]`.
    func pushMethod(ofKeyAt key: Int32, from methods: RegistryTable) {
        registryTable(methods)
        lua_pushvalue(L, key)
        lua_rawget(L, -2)
        lua_rotate(L, -2, 1)
        state.pop()
    }

    static let selfNewIndex: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            let name = bridge.component(at: 1)?.name ?? "component"
            let key = bridge.state.describe(2)
            if key == "state" {
                throw bridge.raise("\(name): cannot assign self.state: state is read-only; use self:updateState")
            }
            if key == "props" {
                throw bridge.raise("\(name): cannot assign self.props: props are read-only; the parent sets them")
            }
            throw bridge.raise(
                "\(name): cannot assign self.\(key): keep data in state (self:updateState) or in a controller")
        }
    }

    /// `self:updateState(value)` and `self:updateState(function(old) return new end)`.
    static let updateState: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            guard let component = bridge.component(at: 1) ?? bridge.controllerComponent(at: 1) else {
                if bridge.isUnmountedSelf(at: 1) { return bridge.ignoreAfterUnmount("updateState") }
                throw bridge.raise("updateState: call it as self:updateState(value) or ctl:updateState(value)")
            }
            // Where the update was asked for: the line for an updater's mistakes, and
            // for updates that never settle.
            let location = bridge.state.location(level: 1)
            bridge.components.updateLocations[component.name] = location
            if lua_type(L, 2) == LUA_TFUNCTION {
                lua_pushvalue(L, 2)
                let function = LuaFunction(
                    ref: LuaRef(popping: L, releases: bridge.releases), bridge: bridge, location: "updater")
                component.updateState { [link = bridge.link] old in
                    guard let bridge = link.bridge else { return old }
                    return try bridge.applyUpdater(function, to: old, component: component, location: location)
                }
            } else {
                var context = ConversionContext()
                do throws(Mismatch) {
                    component.updateState(try bridge.value(at: 2, &context))
                } catch {
                    throw bridge.raise("\(component.name): \(error.message(subject: "new state"))")
                }
            }
            return 0
        }
    }

    /// Calls a state updater with the old state; its result is the new state.
    func applyUpdater(
        _ function: LuaFunction, to old: Value, component: ComponentRef<ScriptComponent>, location: String?
    ) throws -> Value {
        drainReleases()
        function.ref.push(L)
        pushView(old, owner: component.name, label: "state")
        do {
            try withOwner(component) { () throws(ScriptError) in try state.call(arguments: 1, results: 1) }
        } catch {
            throw scriptError(error, component: component.name)
        }
        defer { state.pop() }
        var context = ConversionContext()
        do {
            return try value(at: -1, &context)
        } catch {
            throw ScriptError(
                .validation, location: location, message: error.message(subject: "new state"),
                component: component.name)
        }
    }

    /// `self:handler(action, ...)`: a handler bound to this component and action.
    static let makeHandler: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            guard let component = bridge.component(at: 1) else {
                if bridge.isUnmountedSelf(at: 1) { return bridge.ignoreAfterUnmount("handler") }
                throw bridge.raise("handler: call it as self:handler(\"action\", ...)")
            }
            guard let action = bridge.state.string(at: 2) else {
                throw bridge.raise("\(component.name): handler: expected an action name, got \(bridge.found(at: 2))")
            }
            let arguments = try bridge.arguments(from: 3, owner: component.name, what: "handler argument")
            bridge.pushObject(Box(component.handler(action, arguments: arguments)), kind: .handler)
            return 1
        }
    }

    /// `self:send(action, ...)` and `ctl:send(action, ...)`: dispatch from the parent.
    static let send: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            guard let component = bridge.component(at: 1) ?? bridge.controllerComponent(at: 1) else {
                if bridge.isUnmountedSelf(at: 1) { return bridge.ignoreAfterUnmount("send") }
                throw bridge.raise("send: call it as self:send(\"action\", ...)")
            }
            guard let action = bridge.state.string(at: 2) else {
                throw bridge.raise("\(component.name): send: expected an action name, got \(bridge.found(at: 2))")
            }
            let arguments = try bridge.arguments(from: 3, owner: component.name, what: "send argument")
            component.send(action, arguments: arguments)
            return 0
        }
    }

    /// `self:focus()` and `self:focus("id")` (and a controller's): move focus into what
    /// the component rendered once pending updates are applied; see docs/lua-api.md, Focus.
    static let focus: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            guard let component = bridge.component(at: 1) ?? bridge.controllerComponent(at: 1) else {
                if bridge.isUnmountedSelf(at: 1) { return bridge.ignoreAfterUnmount("focus") }
                throw bridge.raise("focus: call it as self:focus() or self:focus(\"id\")")
            }
            var id: String?
            if lua_type(L, 2) != LUA_TNONE && lua_type(L, 2) != LUA_TNIL {
                guard lua_type(L, 2) == LUA_TSTRING, let name = bridge.state.string(at: 2) else {
                    throw bridge.raise(
                        "\(component.name): focus: expected an element id (a string), got \(bridge.found(at: 2))")
                }
                id = name
            }
            bridge.onFocus(component.id, id)
            return 0
        }
    }

    /// `self:scrollTo("id")` (and a controller's): scroll the element with that id, which
    /// the component rendered, into view in every scroll it is in, once pending updates
    /// are applied.
    static let scrollTo: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            guard let component = bridge.component(at: 1) ?? bridge.controllerComponent(at: 1) else {
                if bridge.isUnmountedSelf(at: 1) { return bridge.ignoreAfterUnmount("scrollTo") }
                throw bridge.raise("scrollTo: call it as self:scrollTo(\"id\")")
            }
            guard lua_type(L, 2) == LUA_TSTRING, let id = bridge.state.string(at: 2) else {
                throw bridge.raise(
                    "\(component.name): scrollTo: expected an element id (a string), got \(bridge.found(at: 2))")
            }
            bridge.onScrollTo(component.id, id)
            return 0
        }
    }

    /// Converts the call's arguments from `first` on.
    func arguments(from first: Int32, owner: String, what: String) throws -> [Value] {
        let top = lua_gettop(L)
        guard top >= first else { return [] }
        var values: [Value] = []
        for index in first...top {
            var context = ConversionContext()
            do throws(Mismatch) {
                values.append(try value(at: index, &context))
            } catch {
                throw raise("\(owner): \(error.message(subject: "\(what) \(index - first + 1)"))")
            }
        }
        return values
    }
}

extension LuaBridge {
    /// Where the current load defined the component named `name`, as `file:line`.
    public func definitionLocation(ofComponentNamed name: String) -> String? {
        components.definedNames[name]
    }

    /// Where a component named `name` last called `updateState`, as `file:line`.
    public func lastUpdateLocation(ofComponentNamed name: String) -> String? {
        components.updateLocations[name]
    }

    /// Warns, once per component, that its render returned no value: it shows nothing,
    /// which a missing `return` is the likely cause of.
    func warnOfRenderWithoutResult(_ definition: ScriptComponent) {
        guard components.warnedRenders.insert(definition.name).inserted else { return }
        let location = definition.location.isEmpty ? "" : "\(definition.location): "
        reconciler?.onWarning(
            Warning(
                "\(location)\(definition.name): render returned no value, so it shows nothing"
                    + " (a missing return? return nil to show nothing on purpose)"))
    }

    /// Whether the value at `index` is the `self` of a component that has unmounted.
    func isUnmountedSelf(at index: Int32) -> Bool {
        guard let box = object(at: index, kind: .component, as: ComponentBox.self) else { return false }
        return box.component == nil
    }

    /// Ignores a call on an unmounted component's `self`, with a warning, as the core
    /// ignores updates to unmounted components.
    func ignoreAfterUnmount(_ method: String) -> Int32 {
        let location = state.location(level: 1).map { "\($0): " } ?? ""
        reconciler?.onWarning(Warning("\(location)\(method) on a component that has unmounted; ignored"))
        return 0
    }
}
