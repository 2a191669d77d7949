import CLua
import TheoluaCore

/// A mistake in a props schema, found when the component is defined.
struct SchemaError: Error {
    var message: String
}

extension LuaBridge {
    static let baseTypes = [
        "string", "number", "integer", "boolean", "function", "element", "elements", "table", "any",
    ]
    static let tableTypes = ["array", "map", "record", "enum", "oneOf"]
    /// How deeply type tables may nest in a schema.
    static let maximumSchemaDepth = 32

    /// Parses the schema table at `index` (`{ field = type, … }`), in a stable order
    /// (the declaration order is not kept by Lua tables, so fields are sorted by name).
    func parseRecordSchema(at index: Int32, path: String) throws(SchemaError) -> RecordSchema {
        var names: [String] = []
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            state.pop()
            guard lua_type(L, -1) == LUA_TSTRING, let name = state.string(at: -1) else {
                let key = found(at: -1)
                state.pop()
                throw SchemaError(message: "field names must be strings, got \(key)")
            }
            names.append(name)
        }
        var fields: [SchemaField] = []
        for name in names.sorted() {
            let fieldPath = path.isEmpty ? name : "\(path).\(name)"
            state.rawField(index, name)
            defer { state.pop() }
            fields.append(try parseField(name: name, at: lua_gettop(L), path: fieldPath))
        }
        return RecordSchema(fields: fields)
    }

    private func parseField(name: String, at index: Int32, path: String) throws(SchemaError) -> SchemaField {
        let (type, optional) = try parseType(at: index, path: path)
        var defaultValue: Value? = nil
        if lua_type(L, index) == LUA_TTABLE {
            state.rawField(index, "default")
            defer { state.pop() }
            if lua_type(L, -1) != LUA_TNIL {
                var context = ConversionContext()
                do {
                    defaultValue = try value(at: -1, as: type, &context)
                } catch {
                    throw SchemaError(
                        message: "field '\(path)': default: expected \(error.expected), got \(error.found)")
                }
            }
        }
        return SchemaField(
            name: name, type: type, optional: optional || defaultValue != nil, defaultValue: defaultValue)
    }

    /// Parses a type: `"string"`, `"string?"`, or a table form. Returns the type and
    /// whether a `?` made it optional.
    func parseType(at index: Int32, path: String) throws(SchemaError) -> (SchemaType, Bool) {
        switch lua_type(L, index) {
        case LUA_TSTRING:
            var name = state.string(at: index) ?? ""
            let optional = name.hasSuffix("?")
            if optional { name.removeLast() }
            return (try baseType(name, path: path, min: nil, max: nil), optional)
        case LUA_TTABLE:
            return try parseTableType(at: index, path: path)
        default:
            throw SchemaError(message: "field '\(path)': expected a type name or a type table, got \(found(at: index))")
        }
    }

    private func baseType(_ name: String, path: String, min: Double?, max: Double?) throws(SchemaError) -> SchemaType {
        switch name {
        case "string": return .string
        case "number": return .number(min: min, max: max)
        case "integer": return .integer(min: min, max: max)
        case "boolean": return .boolean
        case "function": return .function
        case "element": return .element
        case "elements": return .elements
        case "table": return .table
        case "any": return .any
        default:
            let all = LuaBridge.baseTypes + LuaBridge.tableTypes
            let hint = closestName(to: name, among: all).map { " (did you mean '\($0)'?)" } ?? ""
            if LuaBridge.tableTypes.contains(name) {
                throw SchemaError(message: "field '\(path)': '\(name)' needs the table form, e.g. { \"\(name)\", … }")
            }
            throw SchemaError(message: "field '\(path)': unknown type '\(name)'\(hint)")
        }
    }

    /// Parses a type table, refusing one that contains itself or nests too deeply: a
    /// schema is a tree, and its parse recurses on Swift's and Lua's stacks.
    private func parseTableType(at index: Int32, path: String) throws(SchemaError) -> (SchemaType, Bool) {
        guard let table = lua_topointer(L, index) else { return try parseTableTypeContents(at: index, path: path) }
        if values.schemaTables.contains(table) {
            throw SchemaError(message: "field '\(path)': the schema contains itself (a type table inside itself)")
        }
        guard values.schemaTables.count < LuaBridge.maximumSchemaDepth, lua_checkstack(L, 8) != 0 else {
            throw SchemaError(
                message: "field '\(path)': type tables nest more than \(LuaBridge.maximumSchemaDepth) levels deep")
        }
        values.schemaTables.append(table)
        defer { values.schemaTables.removeLast() }
        return try parseTableTypeContents(at: index, path: path)
    }

    private func parseTableTypeContents(at index: Int32, path: String) throws(SchemaError) -> (SchemaType, Bool) {
        lua_rawgeti(L, index, 1)
        guard var name = state.string(at: -1) else {
            let what = found(at: -1)
            state.pop()
            throw SchemaError(message: "field '\(path)': a type table starts with the type name, got \(what)")
        }
        state.pop()
        let optional = name.hasSuffix("?")
        if optional { name.removeLast() }
        let allowed: Set<String>
        switch name {
        case "array", "map": allowed = ["of", "default"]
        case "record": allowed = ["fields", "default"]
        case "enum": allowed = ["values", "default"]
        case "oneOf": allowed = ["default"]
        case "number", "integer": allowed = ["min", "max", "default"]
        default: allowed = ["default"]
        }
        try checkKeys(of: index, allowed: allowed, path: path, allowsItems: name == "oneOf")
        let type: SchemaType
        switch name {
        case "array", "map":
            state.rawField(index, "of")
            defer { state.pop() }
            guard lua_type(L, -1) != LUA_TNIL else {
                throw SchemaError(message: "field '\(path)': { \"\(name)\" } needs of = <type>")
            }
            let (item, _) = try parseType(at: lua_gettop(L), path: "\(path)[]")
            type = name == "array" ? .array(of: item) : .map(of: item)
        case "record":
            state.rawField(index, "fields")
            defer { state.pop() }
            guard lua_type(L, -1) == LUA_TTABLE, let fields = lua_topointer(L, -1) else {
                throw SchemaError(message: "field '\(path)': { \"record\" } needs fields = { … }")
            }
            if values.schemaTables.contains(fields) {
                throw SchemaError(message: "field '\(path)': the schema contains itself (a type table inside itself)")
            }
            values.schemaTables.append(fields)
            defer { values.schemaTables.removeLast() }
            type = .record(try parseRecordSchema(at: lua_gettop(L), path: path))
        case "enum":
            state.rawField(index, "values")
            defer { state.pop() }
            var values: [String] = []
            if lua_type(L, -1) == LUA_TTABLE {
                let table = lua_gettop(L)
                let count = shape(ofTable: table).maxIndex
                for position in 1...max(count, 1) where position <= count {
                    lua_rawgeti(L, table, lua_Integer(position))
                    if let value = state.string(at: -1) { values.append(value) }
                    state.pop()
                }
            }
            guard !values.isEmpty else {
                throw SchemaError(message: "field '\(path)': { \"enum\" } needs values = { \"a\", \"b\", … }")
            }
            type = .enumeration(values)
        case "oneOf":
            var types: [SchemaType] = []
            let count = shape(ofTable: index).maxIndex
            if count >= 2 {
                for position in 2...count {
                    lua_rawgeti(L, index, lua_Integer(position))
                    defer { state.pop() }
                    types.append(try parseType(at: lua_gettop(L), path: path).0)
                }
            }
            guard !types.isEmpty else {
                throw SchemaError(message: "field '\(path)': { \"oneOf\", T1, T2, … } needs at least one type")
            }
            type = .oneOf(types)
        default:
            type = try baseType(
                name, path: path, min: try bound("min", of: index, path: path),
                max: try bound("max", of: index, path: path))
        }
        return (type, optional)
    }

    private func bound(_ name: String, of index: Int32, path: String) throws(SchemaError) -> Double? {
        state.rawField(index, name)
        defer { state.pop() }
        switch lua_type(L, -1) {
        case LUA_TNIL: return nil
        case LUA_TNUMBER: return lua_tonumberx(L, -1, nil)
        default: throw SchemaError(message: "field '\(path)': \(name) must be a number, got \(found(at: -1))")
        }
    }

    private func checkKeys(of index: Int32, allowed: Set<String>, path: String, allowsItems: Bool) throws(SchemaError) {
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            state.pop()
            if lua_type(L, -1) == LUA_TNUMBER, lua_isinteger(L, -1) != 0 {
                let position = lua_tointegerx(L, -1, nil)
                if position == 1 || allowsItems { continue }
            }
            let key = state.describe(-1)
            if lua_type(L, -1) == LUA_TSTRING, allowed.contains(key) { continue }
            state.pop()
            let hint = closestName(to: key, among: Array(allowed)).map { " (did you mean '\($0)'?)" } ?? ""
            throw SchemaError(message: "field '\(path)': unexpected option '\(key)'\(hint)")
        }
    }
}
