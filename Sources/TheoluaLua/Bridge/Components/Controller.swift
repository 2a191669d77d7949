import CLua
import CLuaSupport
import TheoluaCore

/// The Swift side of a script controller: a long-lived, mutable Lua table whose methods
/// come from the component's current definition, so a reload keeps the controller's
/// fields and gives it the new methods.
final class ScriptController: ComponentController {
    let component: ComponentRef<ScriptComponent>
    let table: LuaRef
    private let link: BridgeLink
    var bridge: LuaBridge? { link.bridge }

    init(component: ComponentRef<ScriptComponent>, table: LuaRef, bridge: LuaBridge) {
        self.component = component
        self.table = table
        link = bridge.link
    }

    func didMount() throws { try bridge?.callControllerMethod("init", of: self) }
    func didUpdateComponent() throws { try bridge?.callControllerMethod("didUpdateComponent", of: self) }
    func willUnmount() throws { try bridge?.callControllerMethod("willUnmount", of: self) }

    func perform(action: String, arguments: [Value]) throws -> Bool {
        try performReturningValue(action: action, arguments: arguments) != nil
    }

    func performReturningValue(action: String, arguments: [Value]) throws -> Value? {
        guard let bridge else { return nil }
        return try bridge.performControllerAction(action, arguments: arguments, of: self)
    }
}

extension LuaBridge {
    /// Makes the controller of a component whose spec has a `controller` table.
    func makeController(for component: ComponentRef<ScriptComponent>) throws(ScriptError) -> (any ComponentController)?
    {
        guard component.definition.parts.controller != nil else { return nil }
        // Sized for the one or two fields a controller usually keeps: every slot made
        // ahead costs each mounted controller 32 bytes.
        lua_createtable(L, 0, 1)  // stack: ctl
        registryTable(.controllerMetatable)
        lua_setmetatable(L, -2)
        // Which component a controller belongs to is kept beside it, not in it or in a
        // metatable of its own: every controller shares one metatable. A strong table,
        // its entries removed as components unmount or restart their controllers: the
        // collector visits a table with weak keys in full at every minor collection.
        pushSelf(of: component)  // stack: ctl, self
        guard let box = object(at: -1, kind: .component, as: ComponentBox.self) else {
            state.pop(2)
            return nil
        }
        forgetController(of: box)
        registryTable(.controllers)  // stack: ctl, self, controllers
        lua_pushvalue(L, -3)
        lua_pushvalue(L, -3)
        lua_rawset(L, -3)
        state.pop(2)  // stack: ctl
        let table = LuaRef(popping: L, releases: releases)
        box.controllerTable = table
        return ScriptController(component: component, table: table, bridge: self)
    }

    /// Removes the entry of the component's controller, if it has one, from the
    /// registry's `controllers`.
    func forgetController(of box: ComponentBox) {
        guard let table = box.controllerTable else { return }
        box.controllerTable = nil
        registryTable(.controllers)
        table.push(L)
        lua_pushnil(L)
        lua_rawset(L, -3)
        state.pop()
    }

    /// The component of the controller table at `index`.
    func controllerComponent(at index: Int32) -> ComponentRef<ScriptComponent>? {
        guard lua_type(L, index) == LUA_TTABLE else { return nil }
        let table = state.absolute(index)
        registryTable(.controllers)
        lua_pushvalue(L, table)
        lua_rawget(L, -2)
        defer { state.pop(2) }
        return component(at: -1)
    }

    /// `ctl.props`, `ctl.state`, `ctl:updateState`, `ctl:send`, then the current
    /// definition's controller methods.
    static let controllerIndex: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            guard let component = bridge.controllerComponent(at: 1), lua_type(L, 2) == LUA_TSTRING else { return 0 }
            if bridge.pushPropsOrState(ofKeyAt: 2, of: component) { return 1 }
            bridge.pushMethod(ofKeyAt: 2, from: .controllerMethods)
            if lua_type(L, -1) == LUA_TNIL, let key = bridge.state.string(at: 2) {
                bridge.state.pop()
                bridge.pushControllerSpecField(key, of: component)
            }
            return 1
        }
    }

    /// Pushes `controller[key]` of the component's current definition: `[]` → `[v]`.
    func pushControllerSpecField(_ key: String, of component: ComponentRef<ScriptComponent>) {
        guard let controller = component.definition.parts.controller else {
            lua_pushnil(L)
            return
        }
        controller.push(L)
        state.rawField(-1, key)
        lua_rotate(L, -2, 1)
        state.pop()
    }

    /// Calls `controller.<name>(ctl)` if the current definition has it.
    func callControllerMethod(_ name: String, of controller: ScriptController) throws(ScriptError) {
        drainReleases()
        let base = lua_gettop(L)
        pushControllerSpecField(name, of: controller.component)
        guard lua_type(L, -1) == LUA_TFUNCTION else {
            lua_settop(L, base)
            return
        }
        controller.table.push(L)
        try callWithArguments([], extra: 1, owner: controller.component)
    }

    /// Runs `controller.actions[action](ctl, ...)` if there is one.
    func performControllerAction(_ action: String, arguments: [Value], of controller: ScriptController)
        throws(ScriptError)
        -> Value?
    {
        drainReleases()
        let base = lua_gettop(L)
        pushControllerSpecField("actions", of: controller.component)
        guard lua_type(L, -1) == LUA_TTABLE else {
            lua_settop(L, base)
            return nil
        }
        state.rawField(-1, action)
        lua_rotate(L, -2, 1)
        state.pop()
        guard lua_type(L, -1) == LUA_TFUNCTION else {
            lua_settop(L, base)
            return nil
        }
        controller.table.push(L)
        return try callWithArguments(arguments, extra: 1, owner: controller.component)
    }
}
