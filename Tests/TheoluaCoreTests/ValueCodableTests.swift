import Foundation
import Testing
import TheoluaCore

/// Values with coders other than ours, here Foundation's JSON coders.
@Suite struct ValueCodableTests {
    @Test func valuesEncodeInTheirJSONShapeWithOtherEncoders() throws {
        let value: Value = ["name": "box", "items": [1, 2.5, "three", nil, true], "nested": ["a": [:]]]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(value)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text == #"{"items":[1,2.5,"three",null,true],"name":"box","nested":{"a":{}}}"#)
        #expect(try Value.parseJSON(text) == value)
    }

    @Test func valuesDecodeFromOtherDecoders() throws {
        let text = #"{"name": "box", "items": [1, 2.5, "three", null, true, [], {}], "flag": false}"#
        let value = try JSONDecoder().decode(Value.self, from: Data(text.utf8))
        #expect(value == ["name": "box", "items": [1, 2.5, "three", nil, true, [], [:]], "flag": false])
    }

    @Test func handlersEncodeAsDescriptionsWithOtherEncoders() throws {
        let handler = Handler.function { _ in }
        let data = try JSONEncoder().encode([handler])
        #expect(String(decoding: data, as: UTF8.self) == #"["<handler: Swift function>"]"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Handler].self, from: data) }
    }
}
