/// Why a JSON text could not be parsed, and where.
///
/// The position is given as people count it, so a command line can print the error on
/// one line after its own prefix: `--props: invalid JSON at line 1, column 9: expected
/// ',' or '}', found '"'`.
public struct JSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public enum Reason: Sendable, Hashable {
        /// Something other than what the grammar allows here; `expected` names the
        /// allowed tokens (`"',' or '}'"`) and `found` what was there instead
        /// (`"'x'"`, `"U+0007"`, `"end of input"`).
        case unexpected(expected: String, found: String)
        /// A malformed number, such as `01`, `1.` or `-`; the detail says why.
        case invalidNumber(String)
        /// A number too large to be represented as a `Double`, such as `1e400`.
        case numberOutOfRange
        /// A backslash followed by something that is not a JSON escape.
        case invalidEscape(String)
        /// A control character (below U+0020) inside a string; JSON requires it escaped.
        case unescapedControlCharacter(UInt32)
        /// A string without its closing quote; the error's position is the opening quote.
        case unterminatedString
        /// Arrays and objects nested deeper than the parser's limit.
        case tooDeep(limit: Int)
    }

    /// What was wrong.
    public let reason: Reason
    /// The line of the error, counted from 1; lines end at `\n`.
    public let line: Int
    /// The column of the error on its line, in Unicode scalars counted from 1.
    public let column: Int
    /// The offset of the error in the text's UTF-8 bytes, counted from 0.
    public let byteOffset: Int

    /// An error for `reason` at the given place.
    public init(_ reason: Reason, line: Int, column: Int, byteOffset: Int) {
        self.reason = reason
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
    }

    /// The reason alone, as a phrase: `expected ',' or '}', found '"'`.
    public var message: String {
        switch reason {
        case .unexpected(let expected, let found): "expected \(expected), found \(found)"
        case .invalidNumber(let detail): "invalid number: \(detail)"
        case .numberOutOfRange: "number out of range"
        case .invalidEscape(let escape): "invalid escape '\(escape)' in string"
        case .unescapedControlCharacter(let scalar):
            "control character \(JSONError.scalarName(scalar)) in string must be escaped"
        case .unterminatedString: "string is never closed with '\"'"
        case .tooDeep(let limit): "arrays and objects nested deeper than \(limit) levels"
        }
    }

    /// The whole error on one line: `invalid JSON at line 1, column 9: expected ',' or '}', found '"'`.
    public var description: String {
        "invalid JSON at line \(line), column \(column): \(message)"
    }

    /// `U+000A` for a scalar value.
    static func scalarName(_ scalar: UInt32) -> String {
        let hex = String(scalar, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
