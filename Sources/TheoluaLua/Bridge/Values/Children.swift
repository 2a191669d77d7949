import CLua
import CLuaSupport
import TheoluaCore

extension LuaBridge {
    /// Appends the children the value at `index` stands for, by the children rules:
    /// strings (and numbers) become text, `nil` and `false` keep an empty slot (so
    /// `cond and X` does not shift later siblings), nested lists are flattened.
    func children(at index: Int32, into elements: inout [Element], _ context: inout ConversionContext)
        throws(Mismatch)
    {
        switch lua_type(L, index) {
        case LUA_TNIL, LUA_TNONE:
            elements.append(.empty)
        case LUA_TBOOLEAN:
            guard lua_toboolean(L, index) == 0 else {
                throw context.mismatch("an element or a string", found: found(at: index))
            }
            elements.append(.empty)
        case LUA_TSTRING, LUA_TNUMBER:
            elements.append(.text(state.describe(index)))
        case LUA_TUSERDATA:
            if let element = element(at: index) {
                try context.visit(element.size)
                elements.append(element)
            } else if let view = object(at: index, kind: .view, as: View.self), let items = view.value.arrayValue {
                for item in items {
                    switch item {
                    case .element(let element): elements.append(element)
                    case .string(let text): elements.append(.text(text))
                    case .null, .bool(false): elements.append(.empty)
                    default: throw context.mismatch("an element or a string", found: item.typeName)
                    }
                }
            } else {
                throw context.mismatch("an element or a string", found: found(at: index))
            }
        case LUA_TTABLE:
            if let span = try spanElement(at: index, &context) {
                elements.append(span)
                return
            }
            let table = state.absolute(index)
            if context.remembers, let known = try context.repeatedList(lua_topointer(L, table)) {
                elements.append(contentsOf: known)
                return
            }
            let before = context.visited
            let start = elements.count
            try list(at: table, into: &elements, &context)
            let visits = context.visited - before
            if context.keeps(visits: visits) {
                context.rememberList(lua_topointer(L, table), elements[start...], visits: visits)
            }
        default:
            throw context.mismatch("an element or a string", found: found(at: index))
        }
    }

    /// Appends the children of the list at `table`, flattened.
    private func list(at table: Int32, into elements: inout [Element], _ context: inout ConversionContext)
        throws(Mismatch)
    {
        try enter(table, &context)
        defer { context.leave() }
        let start = elements.count
        if appendElementList(at: table, into: &elements) {
            try context.visit(elements[start...].reduce(0) { $0 &+ $1.size })
            return
        }
        let shape = shape(ofTable: table)
        guard shape.isSequence else {
            throw context.mismatch("an element, a string or a list of them", found: "a table with named fields")
        }
        try childItems(of: table, upTo: shape.maxIndex, into: &elements, &context)
    }

    /// Appends the elements of the table at `table` if it is a list of nothing but
    /// elements, the common case (a list built by a loop), read in one traversal;
    /// returns whether it was.
    private func appendElementList(at table: Int32, into elements: inout [Element]) -> Bool {
        let capacity = Int(clamping: lua_rawlen(L, table))
        guard capacity > 0 && capacity <= 1 << 20 else { return false }
        return withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: capacity) { objects in
            let count = Int(
                theolua_sequence_objects(
                    L, table, Int32(capacity), Int32(ObjectKind.element.index), objects.baseAddress))
            guard count > 0 else { return false }
            elements.reserveGrowing(by: count)
            for object in objects[..<count] {
                guard let object else { continue }
                elements.append(
                    Element(knownStorageObject: Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue()))
            }
            return true
        }
    }

    /// Appends the children at positions 1…`count` of the table at `table`.
    func childItems(
        of table: Int32, upTo count: Int, into elements: inout [Element], _ context: inout ConversionContext
    )
        throws(Mismatch)
    {
        if count > 4096 {
            // A huge index with few items (`{ [1e9] = x }`) is a mistake, not a list.
            let items = shape(ofTable: table).count
            if count > 2 * items + 16 {
                throw context.mismatch(
                    "a list of children", found: "a sparse table (\(items) items up to index \(count))")
            }
        }
        elements.reserveGrowing(by: count)
        // The common case first: a run of elements, read in one call, which need no
        // path for messages.
        var position = 1
        if count > 0 {
            // On the stack for short lists.
            position += withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: count) { objects in
                let run = Int(
                    theolua_objects(
                        L, table, Int32(clamping: count), Int32(ObjectKind.element.index), objects.baseAddress))
                for object in objects[..<run] {
                    guard let object else { continue }
                    elements.append(
                        Element(knownStorageObject: Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue()))
                }
                return run
            }
        }
        try context.visit(elements[(elements.count - (position - 1))...].reduce(0) { $0 &+ $1.size })
        while position <= count {
            defer { position += 1 }
            if lua_rawgeti(L, table, lua_Integer(position)) == LUA_TUSERDATA, let element = element(at: -1) {
                do {
                    try context.visit(element.size)
                } catch {
                    state.pop()
                    throw error.inside(.index(position))
                }
                elements.append(element)
                state.pop()
                continue
            }
            do {
                try context.visit()
                try children(at: -1, into: &elements, &context)
            } catch {
                state.pop()
                throw error.inside(.index(position))
            }
            state.pop()
        }
    }
}

extension Array {
    /// Makes room for `count` more elements, growing geometrically: nested lists append
    /// to one array many times, and an exact reservation each time would copy it each time.
    mutating func reserveGrowing(by count: Int) {
        let needed = self.count + count
        if needed > capacity { reserveCapacity(Swift.max(needed, 2 * capacity)) }
    }
}
