import CLua
import TheoluaCore

/// A props schema bound to one Lua state: each field name is a string of that state, kept
/// alive in the registry, so that a table's keys are matched to fields by address rather
/// than converted to Swift strings and hashed.
///
/// Lua interns every short string: two equal short strings are one object. A key that is
/// at none of the interned names' addresses therefore names none of them. A name too long
/// for Lua to intern (over 40 bytes in a stock build) is compared by its bytes.
struct BoundSchema {
    let record: RecordSchema
    /// Each field's name in the Lua state, or nil where Lua does not intern it.
    private let addresses: [UnsafePointer<CChar>?]
    /// The positions of the fields whose names Lua does not intern.
    private let longNames: [Int]
    /// The interned names and `key`: strings the bridge keeps alive, which an element's
    /// snapshot need not (`theolua_push_component_element`).
    let keptNames: [UnsafePointer<CChar>?]

    init(_ record: RecordSchema, addresses: [UnsafePointer<CChar>?], key: UnsafePointer<CChar>?) {
        self.record = record
        self.addresses = addresses
        longNames = addresses.indices.filter { addresses[$0] == nil }
        keptNames = addresses.filter { $0 != nil } + [key]
    }

    /// The position of the field named by the Lua string at `address`, `length` bytes long.
    func position(ofKey address: UnsafePointer<CChar>, length: Int) -> Int? {
        if let position = addresses.firstIndex(of: address) { return position }
        let key = UnsafeRawBufferPointer(start: address, count: length)
        return longNames.first { record.fields[$0].name.hasUTF8(key) }
    }
}

extension LuaBridge {
    /// Keeps `name` alive in the Lua state for the bridge's life: the address of its
    /// bytes, which every equal string shares, or nil when Lua does not intern a string
    /// that long.
    func internedName(_ name: String) -> UnsafePointer<CChar>? {
        registryTable(.names)  // stack: names
        state.push(name)
        let address = lua_tolstring(L, -1, nil)
        state.push(name)
        let again = lua_tolstring(L, -1, nil)
        state.pop()
        lua_pushboolean(L, 1)
        lua_rawset(L, -3)
        state.pop()
        return address == again ? address : nil
    }

    /// `schema` with its field names interned in this bridge's Lua state.
    func bind(_ schema: RecordSchema) -> BoundSchema {
        BoundSchema(schema, addresses: schema.fields.map { internedName($0.name) }, key: values.keyString)
    }
}
