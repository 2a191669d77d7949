import CLua
import TheoluaCore

extension LuaBridge {
    /// Describes the value at `index` for messages: `number (12)`, `string ("three")`.
    package func found(at index: Int32) -> String {
        switch lua_type(L, index) {
        case LUA_TNIL: return "nil"
        case LUA_TBOOLEAN: return "boolean (\(lua_toboolean(L, index) != 0))"
        case LUA_TNUMBER: return "number (\(state.describe(index)))"
        case LUA_TSTRING:
            var text = state.string(at: index) ?? ""
            if text.count > 24 { text = String(text.prefix(24)) + "…" }
            return "string (\"\(text)\")"
        case LUA_TUSERDATA:
            switch objectKind(at: index) {
            case .element: return "element"
            case .handler: return "handler"
            case .view: return "read-only table"
            case .component: return "component object (self)"
            default: return isJSONNull(at: index) ? "ui.json.null" : "userdata"
            }
        case LUA_TTHREAD: return "coroutine"
        default: return state.typeName(at: index)
        }
    }

    /// Reads the keys of the table at `index` without metamethods.
    func shape(ofTable index: Int32) -> TableShape {
        let table = state.absolute(index)
        var shape = TableShape()
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            shape.count += 1
            switch lua_type(L, -2) {
            case LUA_TSTRING:
                shape.stringKeys += 1
            case LUA_TNUMBER where lua_isinteger(L, -2) != 0 && lua_tointegerx(L, -2, nil) >= 1:
                shape.maxIndex = max(shape.maxIndex, Int(clamping: lua_tointegerx(L, -2, nil)))
            default:
                if shape.otherKey == nil { shape.otherKey = found(at: -2) }
            }
            state.pop()
        }
        return shape
    }

    /// Converts any convertible value at `index`: nil, booleans, numbers, strings,
    /// sequences, string-keyed records, functions (as handlers), elements, handlers,
    /// read-only views and `ui.json.null` (as null). Cycles, mixed tables, other userdata
    /// and coroutines are mismatches.
    func value(at index: Int32, _ context: inout ConversionContext) throws(Mismatch) -> Value {
        try context.visit()
        switch lua_type(L, index) {
        case LUA_TNIL, LUA_TNONE: return .null
        case LUA_TBOOLEAN: return .bool(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER:
            if lua_isinteger(L, index) != 0 { return .int(Int(lua_tointegerx(L, index, nil))) }
            return .double(lua_tonumberx(L, index, nil))
        case LUA_TSTRING: return .string(state.string(at: index) ?? "")
        case LUA_TFUNCTION: return .handler(functionHandler(at: index))
        case LUA_TUSERDATA:
            if let value = bridgedValue(at: index) {
                // An element is worth the elements it holds.
                if case .element(let element) = value { try context.visit(element.size - 1) }
                return value
            }
            if isJSONNull(at: index) { return .null }
            throw context.mismatch(
                "a value scripts can pass (nil, boolean, number, string, table, function)", found: found(at: index))
        case LUA_TTABLE:
            if let span = try spanElement(at: index, &context) { return .element(span) }
            return try tableValue(at: index, &context)
        default:
            throw context.mismatch(
                "a value scripts can pass (nil, boolean, number, string, table, function)", found: found(at: index))
        }
    }

    /// The value of an element, handler or view userdata.
    func bridgedValue(at index: Int32) -> Value? {
        if let element = element(at: index) { return .element(element) }
        if let handler = object(at: index, kind: .handler, as: Box<Handler>.self) { return .handler(handler.value) }
        if let view = object(at: index, kind: .view, as: View.self) { return view.value }
        return nil
    }

    @inline(__always)
    private func tableValue(at index: Int32, _ context: inout ConversionContext) throws(Mismatch) -> Value {
        if context.remembers, let value = try context.repeated(lua_topointer(L, index)) { return value }
        let before = context.visited
        let value = try convertTable(at: index, &context)
        let visits = context.visited - before
        if context.keeps(visits: visits) { context.remember(lua_topointer(L, index), value, visits: visits) }
        return value
    }

    private func convertTable(at index: Int32, _ context: inout ConversionContext) throws(Mismatch) -> Value {
        let table = state.absolute(index)
        try enter(table, &context)
        defer { context.leave() }
        // One traversal: named fields are converted as they come; array items are only
        // counted, and read in order afterwards.
        var entries: [Record.Entry] = []
        var items = TableShape()
        var hasNames = false
        var failures = EarliestFailure()
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            let isName = lua_type(L, -2) == LUA_TSTRING
            let position = lua_type(L, -2) == LUA_TNUMBER && lua_isinteger(L, -2) != 0 ? lua_tointegerx(L, -2, nil) : 0
            if isName {
                hasNames = true
                let key = state.string(at: -2) ?? ""
                if let converted = try field(key, &failures, { () throws(Mismatch) in try value(at: -1, &context) }) {
                    entries.append(Record.Entry(key: key, value: converted))
                }
            } else if position >= 1 {
                items.count += 1
                items.maxIndex = max(items.maxIndex, Int(clamping: position))
            } else {
                let other = found(at: -2)
                failures.offer(
                    context.mismatch(
                        "a sequence or a record with string keys", found: "a table with a key of \(other)"),
                    at: .key(other))
            }
            state.pop()
        }
        if hasNames && items.count > 0 {
            failures.offer(
                context.mismatch("a sequence or a record", found: "a mixed table (both array items and named fields)"),
                at: .mixed)
        }
        try failures.check()
        if !hasNames && items.count == 0 && isJSONObject(at: table) { return .record(Record()) }
        if !hasNames {
            return .array(
                ValueArray(
                    try sequence(of: table, shape: items, &context) { bridge, context throws(Mismatch) in
                        try bridge.value(at: -1, &context)
                    }))
        }
        return .record(Record(compacting: entries))  // a Lua table's keys are distinct
    }

    /// Marks the table at `table` as being converted: rejects cycles and deep nesting.
    func enter(_ table: Int32, _ context: inout ConversionContext) throws(Mismatch) {
        guard let pointer = lua_topointer(L, table) else { return }
        if context.isConverting(pointer) {
            throw context.mismatch("a value without cycles", found: "a table that contains itself")
        }
        guard context.depth < ConversionContext.maximumDepth, lua_checkstack(L, 8) != 0 else {
            throw context.mismatch(
                "at most \(ConversionContext.maximumDepth) levels of nesting", found: "deeper nesting")
        }
        context.enter(pointer)
    }

    /// Converts items 1…n of a sequence, holes as nil: `[]` → `[]`.
    func sequence(
        of table: Int32, shape: TableShape, _ context: inout ConversionContext,
        _ convert: (LuaBridge, inout ConversionContext) throws(Mismatch) -> Value
    ) throws(Mismatch) -> [Value] {
        if shape.maxIndex > 2 * shape.count + 16 {
            throw context.mismatch(
                "a sequence", found: "a sparse table (\(shape.count) items up to index \(shape.maxIndex))")
        }
        var values: [Value] = []
        values.reserveCapacity(shape.maxIndex)
        for position in 0..<shape.maxIndex {
            lua_rawgeti(L, table, lua_Integer(position + 1))
            do {
                values.append(try convert(self, &context))
            } catch {
                state.pop()
                throw error.inside(.index(position + 1))
            }
            state.pop()
        }
        return values
    }

    /// A handler calling the Lua function at `index`; the same function always gives the
    /// same handler, so passing it as a prop does not defeat memoization.
    func functionHandler(at index: Int32) -> Handler {
        let key = lua_topointer(L, index)
        if let key, let cached = values.functionCache[key]?.function { return Handler(function: cached) }
        lua_pushvalue(L, index)
        let source = functionLocation(at: index)
        let function = LuaFunction(
            ref: LuaRef(popping: L, releases: releases), bridge: self,
            location: source.map { "function at \($0)" } ?? "function", sourceLocation: source)
        if let key {
            if values.functionCache.count >= values.functionCacheLimit {
                values.functionCache = values.functionCache.filter { $0.value.function != nil }
                values.functionCacheLimit = max(64, 2 * values.functionCache.count)
            }
            values.functionCache[key] = WeakFunction(function: function)
        }
        return Handler(function: function)
    }

    /// Where the Lua function at `index` is written, as `file:line`; nil for a C function.
    func functionLocation(at index: Int32) -> String? {
        var debug = lua_Debug()
        lua_pushvalue(L, index)
        guard lua_getinfo(L, ">S", &debug) != 0 else { return nil }
        let source = withUnsafeBytes(of: debug.short_src) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        return debug.linedefined > 0 ? "\(source):\(debug.linedefined)" : nil
    }
}

/// A cache entry that does not keep its function alive.
struct WeakFunction {
    weak var function: LuaFunction?
}
