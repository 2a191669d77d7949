/// Reading scalars out of values, with errors that say what was expected and found.
enum ScalarDecoding {
    static func bool(_ value: Value, at codingPath: [any CodingKey]) throws -> Bool {
        guard case .bool(let flag) = value else {
            throw ValueDecoding.mismatch(Bool.self, "a boolean", value, at: codingPath)
        }
        return flag
    }

    static func string(_ value: Value, at codingPath: [any CodingKey]) throws -> String {
        guard case .string(let text) = value else {
            throw ValueDecoding.mismatch(String.self, "a string", value, at: codingPath)
        }
        return text
    }

    static func double(_ value: Value, at codingPath: [any CodingKey]) throws -> Double {
        guard let number = value.doubleValue else {
            throw ValueDecoding.mismatch(Double.self, "a number", value, at: codingPath)
        }
        return number
    }

    static func float(_ value: Value, at codingPath: [any CodingKey]) throws -> Float {
        let number = try double(value, at: codingPath)
        let float = Float(number)
        if number.isFinite && !float.isFinite {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath, debugDescription: "number \(number) does not fit Float"))
        }
        return float
    }

    static func integer<I: FixedWidthInteger>(_ type: I.Type, _ value: Value, at codingPath: [any CodingKey])
        throws -> I
    {
        let result: I?
        switch value {
        case .int(let number): result = I(exactly: number)
        case .double(let number) where number.rounded() == number: result = I(exactly: number)
        default: throw ValueDecoding.mismatch(I.self, "\(I.self)", value, at: codingPath)
        }
        guard let result else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "\(value.codingDescription) does not fit \(I.self)"))
        }
        return result
    }
}
