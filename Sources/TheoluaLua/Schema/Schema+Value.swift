import TheoluaCore

/// Validation of values that come from Swift or JSON rather than from a script:
/// a host's props, the command line's `--props`.
extension RecordSchema {
    /// `record` checked against the fields, with defaults filled in.
    func validate(_ record: Record) throws(Mismatch) -> Record {
        var context = ConversionContext()
        return try validate(record, &context)
    }

    func validate(_ record: Record, _ context: inout ConversionContext) throws(Mismatch) -> Record {
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
                entries.append((field.name, try field.type.validate(value, &context)))
            } catch {
                throw error.inside(.field(field.name))
            }
        }
        return Record(entries)
    }
}

extension SchemaType {
    /// `value` checked against this type (integral numbers become integers where an
    /// integer is expected).
    func validate(_ value: Value, _ context: inout ConversionContext) throws(Mismatch) -> Value {
        func fail() -> Mismatch { context.mismatch(description, found: describe(value)) }
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
                    converted.append(try itemType.validate(item, &context))
                } catch {
                    throw error.inside(.index(position + 1))
                }
            }
            return .array(ValueArray(converted))
        case (.map(let itemType), .record(let record)):
            var entries: [(String, Value)] = []
            for (key, item) in record {
                do {
                    entries.append((key, try itemType.validate(item, &context)))
                } catch {
                    throw error.inside(.field(key))
                }
            }
            return .record(Record(entries))
        case (.map, .array(let items)) where items.isEmpty: return .record(Record())
        case (.record(let schema), .record(let record)): return .record(try schema.validate(record, &context))
        case (.record(let schema), .array(let items)) where items.isEmpty:
            return .record(try schema.validate(Record(), &context))
        case (.enumeration(let values), .string(let text)) where values.contains(text): return value
        case (.oneOf(let types), _):
            for type in types {
                var attempt = context
                if let converted = try? type.validate(value, &attempt) { return converted }
            }
            throw fail()
        default:
            throw fail()
        }
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
