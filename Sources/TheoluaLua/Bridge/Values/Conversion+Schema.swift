import CLua
import TheoluaCore

extension LuaBridge {
    /// Converts the value at `index` as `type`, with the children rules for elements.
    func value(at index: Int32, as type: SchemaType, _ context: inout ConversionContext) throws(Mismatch) -> Value {
        try context.visit()
        let luaType = lua_type(L, index)
        switch type {
        case .any:
            return try value(at: index, &context)
        case .string:
            guard luaType == LUA_TSTRING else { throw context.mismatch(type.description, found: found(at: index)) }
            return .string(state.string(at: index) ?? "")
        case .boolean:
            guard luaType == LUA_TBOOLEAN else { throw context.mismatch(type.description, found: found(at: index)) }
            return .bool(lua_toboolean(L, index) != 0)
        case .number(let min, let max):
            guard luaType == LUA_TNUMBER else { throw context.mismatch(type.description, found: found(at: index)) }
            let converted = try value(at: index, &context)
            try check(converted.doubleValue ?? 0, min: min, max: max, type, index, &context)
            return converted
        case .integer(let min, let max):
            guard luaType == LUA_TNUMBER else { throw context.mismatch(type.description, found: found(at: index)) }
            let number = lua_tonumberx(L, index, nil)
            let integer: Int
            if lua_isinteger(L, index) != 0 {
                integer = Int(lua_tointegerx(L, index, nil))
            } else if number == number.rounded(), let exact = Int(exactly: number) {
                integer = exact
            } else {
                throw context.mismatch(type.description, found: found(at: index))
            }
            try check(Double(integer), min: min, max: max, type, index, &context)
            return .int(integer)
        case .function:
            if luaType == LUA_TFUNCTION { return .handler(functionHandler(at: index)) }
            if let handler = object(at: index, kind: .handler, as: Box<Handler>.self) { return .handler(handler.value) }
            throw context.mismatch(type.description, found: found(at: index))
        case .element:
            if luaType == LUA_TSTRING { return .element(.text(state.string(at: index) ?? "")) }
            if let element = element(at: index) { return .element(element) }
            if let span = try spanElement(at: index, &context) { return .element(span) }
            throw context.mismatch(type.description, found: found(at: index))
        case .elements:
            var elements: [Element] = []
            try children(at: index, into: &elements, &context)
            return .array(ValueArray(elements.map(Value.element)))
        case .table:
            guard luaType == LUA_TTABLE || objectKind(at: index) == .view else {
                throw context.mismatch(type.description, found: found(at: index))
            }
            return try value(at: index, &context)
        case .array(let itemType):
            if let view = object(at: index, kind: .view, as: View.self), case .array = view.value { return view.value }
            guard luaType == LUA_TTABLE else { throw context.mismatch(type.description, found: found(at: index)) }
            let table = state.absolute(index)
            try enter(table, &context)
            defer { context.leave() }
            let shape = shape(ofTable: table)
            guard shape.isSequence else {
                throw context.mismatch(type.description, found: "a table with named fields")
            }
            return .array(
                ValueArray(
                    try sequence(of: table, shape: shape, &context) { bridge, context throws(Mismatch) in
                        try bridge.value(at: -1, as: itemType, &context)
                    }))
        case .map(let itemType):
            guard luaType == LUA_TTABLE else {
                if let view = object(at: index, kind: .view, as: View.self), case .record = view.value {
                    return view.value
                }
                throw context.mismatch(type.description, found: found(at: index))
            }
            return try keyedTable(at: index, type: type, &context) { bridge, _, context throws(Mismatch) in
                try bridge.value(at: -1, as: itemType, &context)
            }
        case .record(let schema):
            guard luaType == LUA_TTABLE else {
                if let view = object(at: index, kind: .view, as: View.self), case .record = view.value {
                    return view.value
                }
                throw context.mismatch(type.description, found: found(at: index))
            }
            return .record(try record(at: index, schema: schema, &context))
        case .enumeration(let values):
            guard luaType == LUA_TSTRING, let text = state.string(at: index), values.contains(text) else {
                throw context.mismatch(type.description, found: found(at: index))
            }
            return .string(text)
        case .oneOf(let types):
            for candidate in types {
                var attempt = context
                defer { context.visited = attempt.visited }  // failed attempts count too
                if let converted = try? value(at: index, as: candidate, &attempt) { return converted }
                try context.visit(attempt.visited - context.visited)
            }
            throw context.mismatch(type.description, found: found(at: index))
        case .color:
            return try color(at: index, &context)
        case .dimension:
            guard let converted = try dimension(at: index, &context) else {
                throw context.mismatch(type.description, found: found(at: index))
            }
            return converted
        case .spacing(let auto):
            if luaType != LUA_TTABLE {
                guard let side = try spacingSide(at: index, auto: auto, &context) else {
                    throw context.mismatch(type.description, found: found(at: index))
                }
                return side
            }
            let table = state.absolute(index)
            let count = Int(lua_rawlen(L, table))
            guard count == 2 || count == 4 else {
                throw context.mismatch(type.description, found: "a table of \(count) values")
            }
            var sides: [Value] = []
            for position in 1...count {
                lua_rawgeti(L, table, lua_Integer(position))
                defer { state.pop() }
                guard let side = try spacingSide(at: -1, auto: auto, &context) else {
                    throw context.mismatch(type.description, found: found(at: -1)).inside(.index(position))
                }
                sides.append(side)
            }
            return .array(ValueArray(sides))
        }
    }

    /// A size: a number of cells, or a percentage string like `"50%"`; nil if it is neither.
    private func dimension(at index: Int32, _ context: inout ConversionContext) throws(Mismatch) -> Value? {
        switch lua_type(L, index) {
        case LUA_TNUMBER:
            return try? value(at: index, as: SchemaType.cells, &context)
        case LUA_TSTRING:
            guard let text = state.string(at: index), text.hasSuffix("%"),
                let percent = Double(text.dropLast()), percent >= 0, percent <= SchemaType.maximumPercent
            else { return nil }
            return .string(text)
        default:
            return nil
        }
    }

    /// One side of a padding or margin: a size, or `"auto"` when `auto` allows it.
    private func spacingSide(at index: Int32, auto: Bool, _ context: inout ConversionContext) throws(Mismatch)
        -> Value?
    {
        if auto, lua_type(L, index) == LUA_TSTRING, state.string(at: index) == "auto" { return .string("auto") }
        return try dimension(at: index, &context)
    }

    private func check(
        _ number: Double, min: Double?, max: Double?, _ type: SchemaType, _ index: Int32,
        _ context: inout ConversionContext
    ) throws(Mismatch) {
        if number.isNaN && (min != nil || max != nil) {
            throw context.mismatch(type.description, found: found(at: index))
        }
        if let min, number < min { throw context.mismatch(type.description, found: found(at: index)) }
        if let max, number > max { throw context.mismatch(type.description, found: found(at: index)) }
    }

    /// A table of string keys, each value converted by `convert` (value on top).
    private func keyedTable(
        at index: Int32, type: SchemaType, _ context: inout ConversionContext,
        _ convert: (LuaBridge, String, inout ConversionContext) throws(Mismatch) -> Value
    ) throws(Mismatch) -> Value {
        let table = state.absolute(index)
        try enter(table, &context)
        defer { context.leave() }
        var entries: [(String, Value)] = []
        var failures = EarliestFailure()
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            guard let key = state.string(at: -2), lua_type(L, -2) == LUA_TSTRING else {
                let keyText = found(at: -2)
                failures.offer(
                    context.mismatch(type.description, found: "a table with a key of \(keyText)"), at: .key(keyText))
                state.pop()
                continue
            }
            if let converted = try field(key, &failures, { () throws(Mismatch) in try convert(self, key, &context) }) {
                entries.append((key, converted))
            }
            state.pop()
        }
        try failures.check()
        return .record(Record(entries))
    }

    /// Validates the table at `index` against `schema` in one pass over its keys: known
    /// fields converted, unknown ones rejected with a suggestion, then defaults filled in
    /// and required fields checked. Keys in `ignoring` (an element's `key`) and non-string
    /// keys (an element's children) are left alone.
    func record(
        at index: Int32, schema: RecordSchema, ignoring: Set<String> = [], _ context: inout ConversionContext
    ) throws(Mismatch) -> Record {
        let table = state.absolute(index)
        var entries: [Record.Entry] = []
        entries.reserveCapacity(schema.fields.count)
        var present = FieldSet()
        var failures = EarliestFailure()
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            guard lua_type(L, -2) == LUA_TSTRING, let key = state.string(at: -2) else {
                state.pop()
                continue
            }
            if let position = schema.position(of: key) {
                present.insert(position)
                let type = schema.fields[position].type
                if let converted = try field(
                    key, &failures, { () throws(Mismatch) in try value(at: -1, as: type, &context) })
                {
                    entries.append(Record.Entry(key: key, value: converted))
                }
            } else if !ignoring.contains(key) {
                failures.offer(Mismatch.unknownField(key, suggestion: schema.suggestion(for: key)), at: .field(key))
            }
            state.pop()
        }
        try failures.check()
        try schema.fillMissing(present, into: &entries)
        return Record(compacting: entries)
    }

    /// Validates a color: a name, `bright<Name>`, `#rrggbb`, or 0–255.
    private func color(at index: Int32, _ context: inout ConversionContext) throws(Mismatch) -> Value {
        switch lua_type(L, index) {
        case LUA_TNUMBER:
            return try value(at: index, as: .integer(min: 0, max: 255), &context)
        case LUA_TSTRING:
            let text = state.string(at: index) ?? ""
            if ColorNames.isValid(text) { return .string(text) }
            let suggestion = closestName(to: text, among: ColorNames.all).map { " (did you mean '\($0)'?)" } ?? ""
            throw context.mismatch(SchemaType.color.description + suggestion, found: found(at: index))
        default:
            throw context.mismatch(SchemaType.color.description, found: found(at: index))
        }
    }
}

extension RecordSchema {
    /// Adds the defaults of the fields a table lacked (those not in `present`); a
    /// missing required field is a mismatch at that field. `skipping` names a field to
    /// leave alone (`children`, when array items will provide it).
    func fillMissing(
        _ present: FieldSet, into entries: inout [Record.Entry], skipping: String? = nil
    ) throws(Mismatch) {
        guard !present.covers(watched) else { return }
        for (position, field) in fields.enumerated() where !present.contains(position) && field.name != skipping {
            if let value = field.defaultValue {
                entries.append(Record.Entry(key: field.name, value: value))
            } else if !field.optional {
                throw Mismatch(path: field.name, expected: field.type.description, found: "nil")
            }
        }
    }
}
