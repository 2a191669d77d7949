import CLua
import CLuaSupport
import TheoluaCore

/// `ui.context(default)`, `Context.provide { value = v, ... }` and `self:use(Context)`:
/// see docs/lua-api.md, Context.
extension LuaBridge {
    /// The schema of a provider's table: its value, of any kind.
    static let providerFields = RecordSchema(fields: [
        SchemaField(name: "value", type: .any, optional: true, defaultValue: nil)
    ])

    /// The context of the userdata at `index`, if it is one.
    func context(at index: Int32) -> ContextKey? {
        object(at: index, kind: .context, as: Box<ContextKey>.self)?.value
    }

    /// `ui.context(default[, name])`: a new context.
    static let makeContext: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            var context = ConversionContext()
            let defaultValue: Value
            do throws(Mismatch) {
                defaultValue = lua_type(L, 1) == LUA_TNONE ? .null : try bridge.value(at: 1, &context)
            } catch {
                throw bridge.raise("ui.context: \(error.message(subject: "default value"))")
            }
            var name = "context"
            if lua_type(L, 2) != LUA_TNONE && lua_type(L, 2) != LUA_TNIL {
                guard lua_type(L, 2) == LUA_TSTRING, let given = bridge.state.string(at: 2) else {
                    throw bridge.raise("ui.context: expected a name (a string), got \(bridge.found(at: 2))")
                }
                name = given
            }
            bridge.pushObject(Box(ContextKey(defaultValue, name: name)), kind: .context)
            return 1
        }
    }

    /// A context's fields: `provide` (a constructor bound to it) and `default`.
    static let contextIndex: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            guard let context = bridge.context(at: 1), let key = bridge.state.string(at: 2) else { return 0 }
            switch key {
            case "provide":
                lua_pushvalue(L, 1)
                theolua_pushfunction(L, LuaBridge.provide, 1)
            case "default":
                bridge.pushView(context.defaultValue, owner: context.name, label: "default")
            default:
                return 0
            }
            return 1
        }
    }

    /// `Context.provide { value = v, child, ... }`: a provider element.
    static let provide: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            guard let context = bridge.context(at: theolua_upvalueindex(1)) else { return 0 }
            let subject = "\(context.name).provide"
            guard lua_type(L, 1) == LUA_TTABLE else {
                throw bridge.raise("\(subject): expected a table with value and children, got \(bridge.found(at: 1))")
            }
            var conversion = ConversionContext()
            let table: ElementTable
            var children: [Element] = []
            do throws(Mismatch) {
                table = try bridge.elementTable(at: 1, schema: bridge.values.providerSchema, &conversion) { _ in 0 }
            } catch {
                throw bridge.validationError(subject: subject, error)
            }
            do throws(Mismatch) {
                try bridge.childItems(of: 1, upTo: table.itemCount, into: &children, &conversion)
            } catch {
                throw bridge.validationError(subject: subject, error, noun: "child")
            }
            let value = table.entries.first { $0.key == "value" }?.value ?? .null
            // Providers nest like boxes: deeper than a tree may be is an error here, at
            // the line that nests them, as for every other constructor.
            let element = try bridge.checkedDepth(
                .provider(context, value: value, key: table.key, children: children), subject)
            bridge.noteTopLevelElement(element, subject)
            bridge.pushElement(element)
            return 1
        }
    }

    /// `self:use(Context)` and `ctl:use(Context)`: the nearest provided value, or the
    /// context's default.
    static let useContext: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            guard let component = bridge.component(at: 1) ?? bridge.controllerComponent(at: 1) else {
                if bridge.isUnmountedSelf(at: 1) { return bridge.ignoreAfterUnmount("use") }
                throw bridge.raise("use: call it as self:use(Context)")
            }
            guard let context = bridge.context(at: 2) else {
                throw bridge.raise(
                    "\(component.name): use: expected a context (made by ui.context), got \(bridge.found(at: 2))")
            }
            bridge.pushView(component.use(context), owner: context.name, label: "value")
            return 1
        }
    }
}
