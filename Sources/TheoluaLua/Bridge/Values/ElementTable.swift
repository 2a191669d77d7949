import CLua
import TheoluaCore

/// What an element constructor's table holds, read in one pass: the props, the `key`,
/// and how many array items (children or text) follow.
struct ElementTable {
    /// The props, in storage with room for exactly the fields the caller said it adds.
    var entries: [Record.Entry] = []
    var key: Key? = nil
    var itemCount = 0

    /// Whether a prop named `name` is among the entries.
    func has(_ name: String) -> Bool {
        entries.contains { $0.key == name }
    }
}

extension LuaBridge {
    /// Reads the constructor table at `index` in one traversal: named fields become props
    /// (validated by `schema` when there is one, with defaults and required fields),
    /// `key` becomes the element's key, and integer keys are counted as items. The
    /// entries have room for `adding(itemCount)` more fields, which the caller appends.
    func elementTable(
        at index: Int32, schema: BoundSchema?, _ context: inout ConversionContext, adding: (Int) -> Int
    ) throws(Mismatch) -> ElementTable {
        // The fields are gathered in the bridge's scratch storage, taken for the call
        // (so that a nested call would make its own), then copied into storage of their
        // exact number: a long-lived element holds no spare room.
        var fields = values.fieldScratch
        values.fieldScratch = []
        fields.removeAll(keepingCapacity: true)
        defer {
            fields.removeAll(keepingCapacity: true)
            values.fieldScratch = fields
        }
        var result = try elementTable(at: index, schema: schema, into: &fields, &context)
        result.entries.reserveCapacity(fields.count + adding(result.itemCount))
        result.entries.append(contentsOf: fields)
        return result
    }

    func elementTable(
        at index: Int32, schema: BoundSchema?, into fields: inout [Record.Entry], _ context: inout ConversionContext
    ) throws(Mismatch) -> ElementTable {
        let table = state.absolute(index)
        var result = ElementTable()
        var present = FieldSet()
        var failures = EarliestFailure()
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            switch lua_type(L, -2) {
            case LUA_TSTRING:
                var length = 0
                guard let address = lua_tolstring(L, -2, &length) else { break }
                if address == values.keyString {
                    switch lua_type(L, -1) {
                    case LUA_TSTRING: result.key = .string(state.string(at: -1) ?? "")
                    case LUA_TNUMBER where lua_isinteger(L, -1) != 0: result.key = .int(Int(lua_tointegerx(L, -1, nil)))
                    default:
                        let what = found(at: -1)
                        var mismatch = Mismatch(path: "key", expected: "string or integer", found: what)
                        mismatch.customMessage = "key must be a string or an integer, got \(what)"
                        failures.offer(mismatch, at: .field("key"))
                    }
                    state.pop()
                    continue
                }
                // A declared field's name is the schema's own string: the key is not
                // converted.
                let name: String
                let type: SchemaType
                if let schema {
                    guard let position = schema.position(ofKey: address, length: length) else {
                        let name = state.string(at: -2) ?? ""
                        failures.offer(
                            Mismatch.unknownField(name, suggestion: schema.record.suggestion(for: name)),
                            at: .field(name))
                        break
                    }
                    present.insert(position)
                    name = schema.record.fields[position].name
                    type = schema.record.fields[position].type
                } else {
                    name = state.string(at: -2) ?? ""
                    type = .any
                }
                if let converted = try field(
                    name, &failures, { () throws(Mismatch) in try value(at: -1, as: type, &context) })
                {
                    fields.append(Record.Entry(key: name, value: converted))
                }
            case LUA_TNUMBER where lua_isinteger(L, -2) != 0:
                let position = lua_tointegerx(L, -2, nil)
                if position >= 1 { result.itemCount = max(result.itemCount, Int(clamping: position)) }
            default:
                break
            }
            state.pop()
        }
        try failures.check()
        // Array items become `children`, checked once they are collected.
        try schema?.record.fillMissing(present, into: &fields, skipping: result.itemCount > 0 ? "children" : nil)
        return result
    }
}
