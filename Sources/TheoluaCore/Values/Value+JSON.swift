extension Value {
    /// The nesting depth of arrays and objects that ``parseJSON(_:maximumDepth:)`` accepts
    /// by default.
    public static let defaultJSONDepthLimit = 512

    /// Parses a JSON text (RFC 8259, strictly) into a value.
    ///
    /// - Objects become records in the order of their keys; a repeated key keeps its
    ///   first position and takes its last value.
    /// - Numbers without fraction or exponent that fit `Int` become `.int` (`-0` is
    ///   `.int(0)`); every other number becomes `.double`, correctly rounded. A number too
    ///   large for a `Double` (`1e400`) is an error.
    /// - String escapes are decoded, `\u` surrogate pairs included; a lone surrogate
    ///   becomes U+FFFD.
    /// - Arrays and objects nested deeper than `maximumDepth` are an error, never a crash.
    ///
    /// - Throws: ``JSONError`` with the line and column of the first problem.
    public static func parseJSON(_ text: String, maximumDepth: Int = defaultJSONDepthLimit) throws(JSONError)
        -> Value
    {
        var text = text
        let result: Result<Value, JSONError> = text.withUTF8 { bytes in
            Result { () throws(JSONError) -> Value in
                var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
                return try parser.parseDocument()
            }
        }
        return try result.get()
    }

    /// Parses a JSON text into a value; see ``parseJSON(_:maximumDepth:)``.
    ///
    /// - Throws: ``JSONError`` with the line and column of the first problem.
    public init(json text: String) throws(JSONError) {
        self = try Value.parseJSON(text)
    }

    /// This value as compact JSON text; see ``JSONValueWriter`` for how each case is written.
    public var jsonText: String {
        JSONValueWriter().string(from: self)
    }
}
