import TheoluaCore

/// The one failure a table's conversion reports, the same whatever order Lua traverses
/// the table in (for string keys that order follows the state's hash seed, which differs
/// from run to run, and `render` must print the same message every time).
///
/// A traversal offers every failure it meets and goes on, converting each field once;
/// the failure kept is the first in a fixed order: a key of a kind the table may not
/// have (the smallest by its description), then a mix of items and names, then the field
/// with the smallest name. Going on past a failure keeps the number of values a
/// conversion visits independent of the order as well, and so whether it goes over
/// ``ConversionContext/maximumValues``: that mismatch ends the conversion at once
/// (``Mismatch/endsConversion``) and is never offered here.
struct EarliestFailure {
    /// Where a failure was found, in the order failures are preferred.
    enum Place {
        /// A key of a kind the table may not have, by its description.
        case key(String)
        /// Array items beside named fields.
        case mixed
        /// The field of this name (its value failed, or the name is unknown).
        case field(String)

        func precedes(_ other: Place) -> Bool {
            switch (self, other) {
            case (.key(let a), .key(let b)), (.field(let a), .field(let b)):
                return a.utf8.lexicographicallyPrecedes(b.utf8)
            case (.key, _): return true
            case (.mixed, .field): return true
            default: return false
            }
        }
    }

    private var earliest: (mismatch: Mismatch, place: Place)?

    /// Keeps `mismatch`, found at `place`, if it comes before the one kept so far.
    mutating func offer(_ mismatch: Mismatch, at place: Place) {
        if let earliest, !place.precedes(earliest.place) { return }
        earliest = (mismatch, place)
    }

    /// Throws the failure kept, if any.
    func check() throws(Mismatch) {
        if let earliest { throw earliest.mismatch }
    }
}

extension LuaBridge {
    /// Converts the field `key` of a table being traversed (its key and value on top of
    /// the stack) with `convert`: a failure is offered to `failures` and gives nil; one
    /// that ends the conversion pops the key and value and is thrown.
    func field<T>(
        _ key: String, _ failures: inout EarliestFailure, _ convert: () throws(Mismatch) -> T
    ) throws(Mismatch) -> T? {
        do {
            return try convert()
        } catch {
            guard !error.endsConversion else {
                state.pop(2)
                throw error
            }
            failures.offer(error.inside(.field(key)), at: .field(key))
            return nil
        }
    }
}
