import Testing

@testable import TheoluaCore

private struct Event: Codable, Equatable {
    var name: String
    var count: Int
    var ratio: Double
    var small: Int8
    var flags: [Bool]
    var note: String?
    var nested: Nested

    struct Nested: Codable, Equatable {
        var depth: UInt16
        var tags: [String: String]
    }
}

private enum Shape: Codable, Equatable {
    case circle(radius: Double)
    case square(Double)
}

private struct Props: Codable, Equatable {
    var onPress: Handler
    var child: Element
    var anything: Value
}

@Suite struct ValueDecoderTests {
    let decoder = ValueDecoder()

    @Test func recordsDecodeAsStructs() throws {
        let value: Value = [
            "name": "tick", "count": 3, "ratio": 1, "small": -5.0, "flags": [true, false], "note": nil,
            "nested": ["depth": 2, "tags": ["k": "v"]],
        ]
        let event = try decoder.decode(Event.self, from: value)
        #expect(
            event
                == Event(
                    name: "tick", count: 3, ratio: 1, small: -5, flags: [true, false], note: nil,
                    nested: .init(depth: 2, tags: ["k": "v"])))
    }

    @Test func encodingThenDecodingGivesTheSameStruct() throws {
        let event = Event(
            name: "e", count: -1, ratio: 0.5, small: 127, flags: [], note: "n",
            nested: .init(depth: 65535, tags: [:]))
        let value = try ValueEncoder().encode(event)
        #expect(try decoder.decode(Event.self, from: value) == event)
        #expect(try decoder.decode(Event.self, from: Value.parseJSON(value.jsonText)) == event)
        let shapes: [Shape] = [.circle(radius: 1.5), .square(2)]
        #expect(try decoder.decode([Shape].self, from: ValueEncoder().encode(shapes)) == shapes)
    }

    @Test func missingOptionalFieldsDecodeAsNil() throws {
        let value: Value = [
            "name": "x", "count": 0, "ratio": 0, "small": 0, "flags": [],
            "nested": ["depth": 0, "tags": [:]],
        ]
        #expect(try decoder.decode(Event.self, from: value).note == nil)
        #expect(try decoder.decode([Int?].self, from: [1, nil]) == [1, nil])
    }

    @Test func aMissingFieldNamesItsKey() {
        do {
            _ = try decoder.decode(Event.Nested.self, from: ["tags": [:]])
            Issue.record("decoded without depth")
        } catch DecodingError.keyNotFound(let key, _) {
            #expect(key.stringValue == "depth")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func aMismatchSaysWhatWasExpectedAndFoundWhere() {
        do {
            _ = try decoder.decode(Event.Nested.self, from: ["depth": "12", "tags": [:]])
            Issue.record("decoded a string as a number")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["depth"])
            #expect(context.debugDescription == #"expected UInt16, found string "12""#)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func numbersOutOfRangeOrFractionalAreErrors() {
        #expect(throws: DecodingError.self) { try decoder.decode(Int8.self, from: 300) }
        #expect(throws: DecodingError.self) { try decoder.decode(UInt.self, from: -1) }
        #expect(throws: DecodingError.self) { try decoder.decode(Int.self, from: 1.5) }
        #expect(throws: DecodingError.self) { try decoder.decode(Int.self, from: .double(.infinity)) }
        #expect(throws: DecodingError.self) { try decoder.decode(Float.self, from: 1e300) }
        #expect(throws: DecodingError.self) { try decoder.decode(Bool.self, from: 1) }
        #expect(throws: DecodingError.self) { try decoder.decode(String.self, from: 1) }
        #expect(throws: DecodingError.self) { try decoder.decode([Int].self, from: ["a": 1]) }
        #expect(throws: DecodingError.self) { try decoder.decode(Event.Nested.self, from: [1]) }
    }

    @Test func readingPastTheEndOfAnArrayIsAnError() {
        struct Pair: Decodable {
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                _ = try container.decode(Int.self)
                _ = try container.decode(Int.self)
            }
        }
        #expect(throws: DecodingError.self) { try decoder.decode(Pair.self, from: [1]) }
        #expect((try? decoder.decode(Pair.self, from: [1, 2])) != nil)
    }

    @Test func valuesHandlersAndElementsAreTakenAsTheyAre() throws {
        let handler = Handler(component: ComponentID.next(), named: "List", action: "select", arguments: [3])
        let value: Value = [
            "onPress": .handler(handler), "child": .element(.text("x")), "anything": [1, "two"],
        ]
        let props = try decoder.decode(Props.self, from: value)
        #expect(props.onPress == handler)
        #expect(props.child == .text("x"))
        #expect(props.anything == [1, "two"])
        #expect(try decoder.decode(Value.self, from: value) == value)
        #expect(try decoder.decode(Record.self, from: ["a": 1]) == ["a": 1])
        #expect(try decoder.decode(ValueArray.self, from: [1]) == [1])
        #expect(throws: DecodingError.self) { try decoder.decode(Handler.self, from: "not a handler") }
    }
}
