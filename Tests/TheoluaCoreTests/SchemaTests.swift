import Testing
import TheoluaCore

/// Props schemas built in Swift: the same types and messages as the schema language
/// scripts write, for components declared without Lua.
@Suite struct SchemaTests {
    static let counter = RecordSchema(fields: [
        SchemaField(name: "label", type: .string),
        SchemaField(name: "step", type: .integer(min: 1, max: nil), defaultValue: 1),
        SchemaField(name: "note", type: .string, optional: true),
    ])

    @Test func aSchemaBuiltInSwiftFillsDefaultsAndKeepsItsFieldOrder() throws {
        let props = try Self.counter.validate(["step": 2.0, "label": "Clicks"])
        #expect(props == ["label": "Clicks", "step": 2])
        #expect(try Self.counter.validate(["label": "x"]) == ["label": "x", "step": 1])
        #expect(Self.counter.fields.map(\.name) == ["label", "step", "note"])
        #expect(Self.counter.field(named: "step")?.optional == true)
        #expect(Self.counter.field(named: "missing") == nil)
    }

    @Test func mismatchesReadAsPropsErrors() {
        func message(_ record: Record) -> String? {
            do {
                _ = try Self.counter.validate(record)
                return nil
            } catch {
                return error.message(subject: "prop")
            }
        }
        #expect(message([:]) == "prop 'label': expected string, got nil")
        #expect(message(["label": "x", "step": 0]) == "prop 'step': expected integer ≥ 1, got number (0)")
        #expect(message(["label": "x", "lable": "y"]) == "unknown prop 'lable' (did you mean 'label'?)")
    }

    @Test func nestedTypesNameThePathToTheValue() {
        let schema = RecordSchema(fields: [
            SchemaField(
                name: "items",
                type: .array(of: .record(RecordSchema(fields: [SchemaField(name: "title", type: .string)]))))
        ])
        #expect(throws: Mismatch.self) { try schema.validate(["items": [["title": 12]]]) }
        do {
            _ = try schema.validate(["items": [["title": "a"], ["title": 12]]])
        } catch {
            #expect(error.path == "items[2].title")
            #expect(error.message(subject: "prop") == "prop 'items[2].title': expected string, got number (12)")
        }
    }

    @Test func thePrimitivesTypesValidateSwiftValuesAsScriptsOnes() throws {
        #expect(try SchemaType.color.validate("brightRed") == "brightRed")
        #expect(try SchemaType.color.validate("#a0b0c0") == "#a0b0c0")
        #expect(try SchemaType.color.validate(200) == 200)
        #expect(throws: Mismatch.self) { try SchemaType.color.validate(256) }
        #expect(throws: Mismatch.self) { try SchemaType.color.validate("gren") }
        #expect(try SchemaType.dimension.validate(12.0) == 12)
        #expect(try SchemaType.dimension.validate("50%") == "50%")
        #expect(throws: Mismatch.self) { try SchemaType.dimension.validate("50") }
        #expect(try SchemaType.spacing(auto: true).validate("auto") == "auto")
        #expect(try SchemaType.spacing(auto: false).validate([1, "10%"]) == [1, "10%"])
        #expect(throws: Mismatch.self) { try SchemaType.spacing(auto: false).validate("auto") }
        #expect(throws: Mismatch.self) { try SchemaType.spacing(auto: false).validate([1, 2, 3]) }
        do {
            _ = try SchemaType.color.validate("gren")
        } catch {
            #expect(error.expected == "color (a name, '#rrggbb' or 0-255) (did you mean 'green'?)")
        }
    }
}
