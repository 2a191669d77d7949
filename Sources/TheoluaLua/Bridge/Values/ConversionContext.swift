import TheoluaCore

extension Mismatch {
    /// One conversion visited more than ``ConversionContext/maximumValues``.
    static var tooManyValues: Mismatch {
        var mismatch = Mismatch(
            path: "",
            expected:
                "too many values, at most \(ConversionContext.maximumValues) in all (an element counts the elements it holds, and what appears more than once counts each time)",
            found: "more")
        mismatch.endsConversion = true
        return mismatch
    }
}

/// State of one conversion: the tables being converted, one inside the next, to find
/// cycles. The outermost is kept apart, so converting a flat table allocates nothing.
struct ConversionContext {
    private var outermost: UnsafeRawPointer? = nil
    private var inner: [UnsafeRawPointer] = []
    /// Values converted so far: a table that appears more than once counts each time,
    /// so a table of shared subtables (`t = {t, t}`, sixty times over) cannot make a
    /// conversion's work exponential.
    var visited = 0

    /// A table converted whole, and the values converting it counted (its own not
    /// included: the caller counts that).
    struct Converted<Result> {
        let result: Result
        let visits: Int
    }

    /// Large tables converted whole once the conversion is large, by address. A table
    /// met again (shared subtables) counts its values again at once, as the bound says,
    /// but is not converted again: going over the bound through shared tables costs what
    /// the distinct large tables cost, not a million conversions. Nothing in a conversion
    /// runs Lua code, so a table cannot change between two meetings. Small tables are
    /// not kept: a list of 200,000 small records would keep 200,000 entries (half again
    /// as slow, with 40% more memory), and converting a small table again costs no more
    /// than the bound allows.
    private var memory: Memory? = nil

    /// The tables remembered, made with the first: a context is made for every props
    /// table, and most never remember one.
    private final class Memory {
        var values: [UnsafeRawPointer: Converted<Value>] = [:]
        var lists: [UnsafeRawPointer: Converted<[Element]>] = [:]
    }

    static let maximumDepth = 100
    /// The most values one conversion may visit.
    static let maximumValues = 1_000_000
    /// How many values a conversion visits before it remembers the tables it converts:
    /// small ones, all props of a row, keep to the stack.
    static let rememberingFrom = 4096
    /// How many values a table's conversion visits for the table to be remembered.
    static let rememberedSize = 64

    /// The memory, made if there is none yet.
    private var remembered: Memory {
        mutating get {
            if let memory { return memory }
            let made = Memory()
            memory = made
            return made
        }
    }

    /// Whether any table is remembered (the callers' fast path: the tables of most
    /// conversions are neither looked up nor kept).
    var remembers: Bool {
        @inline(__always) get { memory != nil }
    }

    /// Whether a table whose conversion counted `visits` is kept, in this conversion.
    @inline(__always)
    func keeps(visits: Int) -> Bool {
        visits >= Self.rememberedSize && visited >= Self.rememberingFrom
    }

    /// The value the table at `pointer` converted to, counted again; nil if it was not
    /// remembered.
    mutating func repeated(_ pointer: UnsafeRawPointer?) throws(Mismatch) -> Value? {
        guard let memory, let pointer, let known = memory.values[pointer] else { return nil }
        try visit(known.visits)
        return known.result
    }

    /// Remembers the value the table at `pointer` converted to, counting `visits` (see
    /// ``keeps(visits:)``).
    mutating func remember(_ pointer: UnsafeRawPointer?, _ value: Value, visits: Int) {
        guard keeps(visits: visits), let pointer else { return }
        remembered.values[pointer] = Converted(result: value, visits: visits)
    }

    /// The children the list at `pointer` flattened to, counted again; nil if it was not
    /// remembered.
    mutating func repeatedList(_ pointer: UnsafeRawPointer?) throws(Mismatch) -> [Element]? {
        guard let memory, let pointer, let known = memory.lists[pointer] else { return nil }
        try visit(known.visits)
        return known.result
    }

    /// Remembers the children the list at `pointer` flattened to, counting `visits` (see
    /// ``keeps(visits:)``).
    mutating func rememberList(_ pointer: UnsafeRawPointer?, _ children: ArraySlice<Element>, visits: Int) {
        guard keeps(visits: visits), let pointer else { return }
        // A copy: a slice would share the array still being appended to, and make each
        // append after it copy the whole array.
        remembered.lists[pointer] = Converted(result: Array(children), visits: visits)
    }

    /// Counts `count` more values; a mismatch when there are too many.
    @inline(__always)
    mutating func visit(_ count: Int = 1) throws(Mismatch) {
        visited += count
        if visited > Self.maximumValues {
            throw Mismatch.tooManyValues
        }
    }

    /// How many tables are being converted.
    var depth: Int { outermost == nil ? 0 : 1 + inner.count }

    /// Whether the table at `pointer` is being converted already.
    func isConverting(_ pointer: UnsafeRawPointer) -> Bool {
        outermost == pointer || inner.contains(pointer)
    }

    mutating func enter(_ pointer: UnsafeRawPointer) {
        if outermost == nil { outermost = pointer } else { inner.append(pointer) }
    }

    mutating func leave() {
        if inner.isEmpty { outermost = nil } else { inner.removeLast() }
    }

    /// A mismatch at the value being converted; the path is added as it unwinds.
    func mismatch(_ expected: String, found: String) -> Mismatch {
        Mismatch(path: "", expected: expected, found: found)
    }
}

/// How a table's keys look.
struct TableShape {
    var count = 0
    var maxIndex = 0
    var stringKeys = 0
    var otherKey: String? = nil

    var isSequence: Bool { stringKeys == 0 && otherKey == nil }
}
