/// Validation of values that come from Swift or JSON rather than from a script: a
/// host's props, the command line's `--props`, a Swift component's props. (The Lua
/// bridge converts what scripts pass by the same types, with the same messages.)
extension RecordSchema {
    /// `record` checked against the fields, with defaults filled in, in the fields'
    /// order; a field the schema does not declare, a required field missing or a value
    /// of the wrong type is a ``Mismatch`` naming it.
    public func validate(_ record: Record) throws(Mismatch) -> Record {
        for key in record.keys where field(named: key) == nil {
            throw Mismatch.unknownField(key, suggestion: suggestion(for: key))
        }
        var entries: [(String, Value)] = []
        for field in fields {
            let value = record[field.name] ?? .null
            if value.isNull {
                if let defaultValue = field.defaultValue {
                    entries.append((field.name, defaultValue))
                    continue
                }
                if field.optional { continue }
            }
            do {
                entries.append((field.name, try field.type.validate(value)))
            } catch {
                throw error.inside(.field(field.name))
            }
        }
        return Record(entries)
    }
}

extension SchemaType {
    /// `value` checked against this type: the value to keep (integral numbers become
    /// integers where an integer is expected, strings text elements where an element
    /// is), or a ``Mismatch`` saying what was expected.
    public func validate(_ value: Value) throws(Mismatch) -> Value {
        func fail() -> Mismatch { Mismatch(path: "", expected: description, found: describe(value)) }
        switch (self, value) {
        case (.any, _), (.table, .array), (.table, .record): return value
        case (.string, .string), (.boolean, .bool), (.function, .handler), (.element, .element): return value
        case (.element, .string(let text)): return .element(.text(text))
        case (.number(let min, let max), .int), (.number(let min, let max), .double):
            let number = value.doubleValue ?? 0
            guard min.map({ number >= $0 }) ?? true, max.map({ number <= $0 }) ?? true else { throw fail() }
            return value
        case (.integer(let min, let max), _):
            guard let integer = value.intValue, min.map({ Double(integer) >= $0 }) ?? true,
                max.map({ Double(integer) <= $0 }) ?? true
            else { throw fail() }
            return .int(integer)
        case (.elements, .array(let items)):
            var elements: [Value] = []
            for item in items {
                switch item {
                case .element: elements.append(item)
                case .string(let text): elements.append(.element(.text(text)))
                case .null, .bool(false): elements.append(.element(.empty))
                default: throw fail()
                }
            }
            return .array(ValueArray(elements))
        case (.array(let itemType), .array(let items)):
            var converted: [Value] = []
            for (position, item) in items.enumerated() {
                do {
                    converted.append(try itemType.validate(item))
                } catch {
                    throw error.inside(.index(position + 1))
                }
            }
            return .array(ValueArray(converted))
        case (.map(let itemType), .record(let record)):
            var entries: [(String, Value)] = []
            for (key, item) in record {
                do {
                    entries.append((key, try itemType.validate(item)))
                } catch {
                    throw error.inside(.field(key))
                }
            }
            return .record(Record(entries))
        case (.map, .array(let items)) where items.isEmpty: return .record(Record())
        case (.record(let schema), .record(let record)): return .record(try schema.validate(record))
        case (.record(let schema), .array(let items)) where items.isEmpty:
            return .record(try schema.validate(Record()))
        case (.enumeration(let values), .string(let text)) where values.contains(text): return value
        case (.oneOf(let types), _):
            for type in types {
                if let converted = try? type.validate(value) { return converted }
            }
            throw fail()
        case (.color, .int), (.color, .double):
            return try SchemaType.integer(min: 0, max: 255).validate(value)
        case (.color, .string(let text)):
            if ColorNames.isValid(text) { return value }
            let suggestion = closestName(to: text, among: ColorNames.all).map { " (did you mean '\($0)'?)" } ?? ""
            throw Mismatch(path: "", expected: description + suggestion, found: describe(value))
        case (.dimension, _):
            guard let size = SchemaType.dimension(value) else { throw fail() }
            return size
        case (.spacing(let auto), .array(let sides)):
            guard sides.count == 2 || sides.count == 4 else {
                throw Mismatch(path: "", expected: description, found: "a table of \(sides.count) values")
            }
            var converted: [Value] = []
            for (position, side) in sides.enumerated() {
                guard let valid = SchemaType.spacingSide(side, auto: auto) else {
                    throw Mismatch(path: "", expected: description, found: describe(side)).inside(.index(position + 1))
                }
                converted.append(valid)
            }
            return .array(ValueArray(converted))
        case (.spacing(let auto), _):
            guard let side = SchemaType.spacingSide(value, auto: auto) else { throw fail() }
            return side
        default:
            throw fail()
        }
    }

    /// A size: a number of cells, or a percentage string like `"50%"`; nil if it is
    /// neither.
    private static func dimension(_ value: Value) -> Value? {
        switch value {
        case .int, .double: return try? cells.validate(value)
        case .string(let text):
            guard text.hasSuffix("%"), let percent = Double(text.dropLast()), percent >= 0, percent <= maximumPercent
            else { return nil }
            return value
        default: return nil
        }
    }

    /// One side of a padding or margin: a size, or `"auto"` when `auto` allows it.
    private static func spacingSide(_ value: Value, auto: Bool) -> Value? {
        if auto, case .string("auto") = value { return value }
        return dimension(value)
    }

    private func describe(_ value: Value) -> String {
        switch value {
        case .null: return "nil"
        case .int, .double: return "number (\(value))"
        case .string, .bool: return "\(value.typeName) (\(value))"
        case .array: return "array"
        case .record: return "table"
        case .handler: return "function"
        case .element: return "element"
        }
    }
}
