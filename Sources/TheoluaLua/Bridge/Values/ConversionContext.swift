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

    static let maximumDepth = 100
    /// The most values one conversion may visit.
    static let maximumValues = 1_000_000

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
