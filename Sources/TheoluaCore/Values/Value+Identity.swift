extension Value {
    /// Whether `other` is this very value: strings with the same bytes (not merely
    /// canonically equivalent), doubles with the same bits, and records, arrays and
    /// elements sharing their storage. Stricter than `==`, which equates values a
    /// script can tell apart; `false` whenever in doubt.
    package func isIdentical(to other: Value) -> Bool {
        switch (self, other) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a.bitPattern == b.bitPattern
        case (.string(let a), .string(let b)): a.utf8.elementsEqual(b.utf8)
        case (.array(let a), .array(let b)): a.storage === b.storage
        case (.record(let a), .record(let b)): a.sharesStorage(with: b)
        case (.element(let a), .element(let b)): a.storage === b.storage
        case (.handler(let a), .handler(let b)): a.isIdentical(to: b)
        default: false
        }
    }
}

extension Handler {
    /// Whether `other` calls the same function, or the same action of the same component
    /// with identical bound arguments.
    package func isIdentical(to other: Handler) -> Bool {
        switch (target, other.target) {
        case (.function(let a), .function(let b)):
            return a == b
        case (.action(let a, let action, let bound), .action(let b, let otherAction, let otherBound)):
            return a == b && action.utf8.elementsEqual(otherAction.utf8) && bound.count == otherBound.count
                && zip(bound, otherBound).allSatisfy { $0.isIdentical(to: $1) }
        default:
            return false
        }
    }
}
