import CLua
import CLuaSupport
import TheoluaCore

/// The kinds of Swift object the bridge hands to Lua as full userdata, each with its
/// own metatable in the registry.
package enum ObjectKind: String, CaseIterable {
    // The order is the kinds' positions in the support record's `metatables`.
    case element = "theolua.element"
    case handler = "theolua.handler"
    case view = "theolua.view"
    case component = "theolua.self"
    case timer = "theolua.timer"
    case definition = "theolua.definition"
    /// A process a capability started (its methods are the capability's).
    case process = "theolua.process"
    /// A watch or tail a capability started (its methods are the capability's).
    case watch = "theolua.watch"
    case context = "theolua.context"
    case task = "theolua.task"
    /// A request a capability made (`ui.fetch`; its methods are the capability's).
    case request = "theolua.request"

    /// The kind's position in the support record's `metatables`.
    var index: Int {
        switch self {
        case .element: Int(THEOLUA_ELEMENT_KIND)  // the C side pools elements
        case .handler: 1
        case .view: Int(THEOLUA_VIEW_KIND)  // the C side reads views' fields
        case .component: Int(THEOLUA_SELF_KIND)
        case .timer: 4
        case .definition: 5
        case .process: 6
        case .watch: 7
        case .context: 8
        case .task: 9
        case .request: 10
        }
    }

    /// Whether the kind's userdata hand their objects to batches, released together,
    /// instead of each having a finalizer (theolua_batches.c): the kinds renders make by
    /// the thousand.
    var isBatched: Bool { theolua_is_batched_kind(Int32(index)) != 0 }
}

/// A Swift value boxed for a userdata.
final class Box<T> {
    let value: T
    init(_ value: T) { self.value = value }
}

extension LuaBridge {
    /// Pushes `object` as a userdata of `kind`, retained until Lua collects it:
    /// `[]` → `[u]`.
    package func pushObject(_ object: AnyObject, kind: ObjectKind) {
        theolua_push_object(L, Unmanaged.passRetained(object).toOpaque(), Int32(kind.index))
    }

    /// Pushes an element as a userdata holding its storage: `[]` → `[u]`.
    func pushElement(_ element: Element) {
        pushObject(element.storageObject, kind: .element)
    }

    /// The element of the userdata at `index`, if it is one.
    func element(at index: Int32) -> Element? {
        // Element userdata hold nothing but element storage (`pushElement`).
        rawObject(at: index, kind: .element).map(Element.init(knownStorageObject:))
    }

    /// The object of a userdata of `kind` at `index`, or `nil` for any other value.
    package func object<T: AnyObject>(at index: Int32, kind: ObjectKind, as type: T.Type) -> T? {
        rawObject(at: index, kind: kind) as? T
    }

    private func rawObject(at index: Int32, kind: ObjectKind) -> AnyObject? {
        theolua_object(L, index, Int32(kind.index)).map { Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The kind of bridge userdata at `index`, if it is one: the kind whose metatable it
    /// has, or whose batch it is in (metatables are compared by address; scripts cannot
    /// change a userdata's).
    func objectKind(at index: Int32) -> ObjectKind? {
        let kind = Int(theolua_object_kind(L, index))
        return ObjectKind.allCases.first { $0.index == kind }
    }

    /// Creates the metatables of every object kind, each with `__metatable` hiding the
    /// metatable from scripts and, unless the kind is batched, `__gc` releasing the Swift
    /// object.
    func installMetatables() {
        lua_pushstring(L, "key")
        values.keyString = lua_tolstring(L, -1, nil)
        values.keyStringRef = luaL_ref(L, LuaState.registryIndex)
        state.keyReference = values.keyStringRef
        for kind in ObjectKind.allCases {
            lua_createtable(L, 0, 8)  // stack: mt
            if !kind.isBatched {
                // A plain C function, not one through the trampoline: a finalizer must
                // release its object even while a call is being stopped at its limit.
                lua_pushcclosure(
                    L,
                    { L in
                        guard let L, let slot = lua_touserdata(L, 1) else { return 0 }
                        if let pointer = slot.load(as: UnsafeMutableRawPointer?.self) {
                            slot.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
                            Unmanaged<AnyObject>.fromOpaque(pointer).release()
                        }
                        return 0
                    }, 0)
                lua_setfield(L, -2, "__gc")
            }
            state.push("locked")
            lua_setfield(L, -2, "__metatable")
            state.push(kind.rawValue)
            lua_setfield(L, -2, "__name")
            installMethods(for: kind)  // stack: mt
            let address = lua_topointer(L, -1)
            state.setMetatable(ofKind: kind.index, address: address, reference: luaL_ref(L, LuaState.registryIndex))
        }
        theolua_install_batches(L) { object in
            if let object { Unmanaged<AnyObject>.fromOpaque(object).release() }
        }
        theolua_install_views(L)
    }

    /// Sets one metamethod on the metatable at the top: `[mt]` → `[mt]`.
    func setMetamethod(_ name: String, _ function: theolua_function) {
        theolua_pushfunction(L, function, 0)
        lua_setfield(L, -2, name)
    }

    /// Runs the body of a Swift function called from Lua: errors become a Lua error
    /// raised by the trampoline after this frame returns.
    package static func entry(_ L: OpaquePointer?, _ body: (LuaBridge, OpaquePointer) throws -> Int32) -> Int32 {
        guard let L, let bridge = LuaBridge.from(L) else { return 0 }
        // Work on the calling thread (a coroutine's stack holds its own arguments).
        let outer = bridge.state.L
        bridge.state.L = L
        defer { bridge.state.L = outer }
        do {
            return try body(bridge, L)
        } catch let raise as LuaRaise {
            bridge.diagnostics.lastRaise = raise.message
            bridge.state.push(raise.message)
            return -1
        } catch let error as ScriptError {
            bridge.diagnostics.lastRaise = error.description
            bridge.state.push(error.description)
            return -1
        } catch {
            bridge.diagnostics.lastRaise = "\(error)"
            bridge.state.push("\(error)")
            return -1
        }
    }

    /// An error raised into Lua at the location of the Lua code calling the current
    /// Swift function.
    package func raise(_ message: String) -> LuaRaise {
        if let location = state.location(level: 1) { return LuaRaise(message: "\(location): \(message)") }
        return LuaRaise(message: message)
    }
}
