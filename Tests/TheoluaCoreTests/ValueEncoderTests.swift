import Testing

@testable import TheoluaCore

private struct Item: Codable, Equatable {
    var title: String
    var count: Int
    var price: Double
    var done: Bool
}

private struct Inventory: Codable, Equatable {
    var name: String
    var items: [Item]
    var note: String?
    var tags: [String: Int]
    var matrix: [[Int]]
}

private enum Shape: Codable, Equatable {
    case circle(radius: Double)
    case square(Double)
    case empty
}

private enum Mode: String, Codable {
    case fast, careful
}

private struct AllIntegers: Codable, Equatable {
    var i: Int = -1
    var i8: Int8 = -8
    var i16: Int16 = -16
    var i32: Int32 = -32
    var i64: Int64 = -64
    var u: UInt = 1
    var u8: UInt8 = 8
    var u16: UInt16 = 16
    var u32: UInt32 = 32
    var u64: UInt64 = 64
    var f: Float = 0.1
}

/// Encodes by hand with nested containers and super encoders.
private struct Handwritten: Encodable {
    enum Keys: String, CodingKey { case outer, list, base, again }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var outer = container.nestedContainer(keyedBy: Keys.self, forKey: .outer)
        try outer.encode(1, forKey: .again)
        var list = container.nestedUnkeyedContainer(forKey: .list)
        try list.encode("a")
        var inner = list.nestedContainer(keyedBy: Keys.self)
        try inner.encodeNil(forKey: .base)
        var deeper = list.nestedUnkeyedContainer()
        try deeper.encode(true)
        try Item(title: "s", count: 0, price: 0, done: false).encode(to: list.superEncoder())
        try "parent".encode(to: container.superEncoder())
        try 7.encode(to: container.superEncoder(forKey: .base))
        // Written after the nested containers were made: they still land in place.
        try outer.encode(2, forKey: .outer)
    }
}

/// Asks for two kinds of container from one encoder.
private struct Confused: Encodable {
    func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        try single.encode(1)
        var list = encoder.unkeyedContainer()
        try list.encode(2)
    }
}

/// Encodes nothing at all.
private struct Silent: Encodable {
    func encode(to encoder: any Encoder) throws {}
}

private struct Props: Codable, Equatable {
    var label: String
    var onPress: Handler
    var child: Element
    var extra: Value
}

@Suite struct ValueEncoderTests {
    let encoder = ValueEncoder()

    @Test func structsBecomeRecordsInDeclarationOrder() throws {
        let value = try encoder.encode(Item(title: "Milk", count: 2, price: 1.25, done: false))
        #expect(value == ["title": "Milk", "count": 2, "price": 1.25, "done": false])
        #expect(value.recordValue?.keys == ["title", "count", "price", "done"])
        #expect(value.jsonText == #"{"title":"Milk","count":2,"price":1.25,"done":false}"#)
    }

    @Test func nestedStructsArraysAndDictionariesEncode() throws {
        let inventory = Inventory(
            name: "shop", items: [Item(title: "a", count: 1, price: 2, done: true)], note: "n",
            tags: ["x": 1], matrix: [[1, 2], [], [3]])
        let value = try encoder.encode(inventory)
        #expect(
            value == [
                "name": "shop", "items": [["title": "a", "count": 1, "price": 2.0, "done": true]],
                "note": "n",
                "tags": ["x": 1], "matrix": [[1, 2], [], [3]],
            ])
        #expect(value["items"]?.arrayValue?.first?["price"] == .double(2))
    }

    @Test func nilOptionalPropertiesAreOmittedAndNilItemsAreNull() throws {
        let inventory = Inventory(name: "n", items: [], note: nil, tags: [:], matrix: [])
        let value = try encoder.encode(inventory)
        #expect(value.recordValue?.keys == ["name", "items", "tags", "matrix"])
        #expect(try encoder.encode([1, nil, 3] as [Int?]) == [1, nil, 3])
        #expect(try encoder.encode(nil as Int?) == .null)
    }

    @Test func scalarsAndTopLevelCollectionsEncode() throws {
        #expect(try encoder.encode(true) == .bool(true))
        #expect(try encoder.encode("hi") == .string("hi"))
        #expect(try encoder.encode(3) == .int(3))
        #expect(try encoder.encode(2.5) == .double(2.5))
        #expect(try encoder.encode(["a", "b"]) == ["a", "b"])
        #expect(try encoder.encode(Mode.careful) == "careful")
    }

    @Test func enumsWithAssociatedValuesEncodeAsSynthesized() throws {
        #expect(try encoder.encode(Shape.circle(radius: 2)) == ["circle": ["radius": 2.0]])
        #expect(try encoder.encode(Shape.square(3)) == ["square": ["_0": 3.0]])
        #expect(try encoder.encode(Shape.empty) == ["empty": [:]])
    }

    @Test func everyIntegerTypeBecomesIntAndFloatsKeepTheirDecimalForm() throws {
        let value = try encoder.encode(AllIntegers())
        #expect(
            value == [
                "i": -1, "i8": -8, "i16": -16, "i32": -32, "i64": -64, "u": 1, "u8": 8, "u16": 16, "u32": 32,
                "u64": 64, "f": 0.1,
            ])
        #expect(try encoder.encode(UInt64(Int.max)) == .int(Int.max))
        #expect(try encoder.encode([Float.infinity]) == [.double(.infinity)])
    }

    @Test func unsignedValuesBeyondIntMaxAreEncodingErrors() throws {
        let tooLarge = UInt64(Int.max) + 1
        #expect(throws: EncodingError.self) { try encoder.encode(tooLarge) }
        #expect(throws: EncodingError.self) { try encoder.encode(["big": UInt.max]) }
        #expect(throws: EncodingError.self) { try encoder.encode([UInt64.max]) }
        do {
            _ = try encoder.encode(["outer": ["inner": UInt64.max]])
            Issue.record("encoded UInt64.max")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["outer", "inner"])
            #expect(context.debugDescription.contains("does not fit Int"))
        }
    }

    @Test func nestedContainersAndSuperEncodersLandWhereTheyWereMade() throws {
        let value = try encoder.encode(Handwritten())
        #expect(
            value == [
                "outer": ["again": 1, "outer": 2],
                "list": [
                    "a", ["base": nil], [true], ["title": "s", "count": 0, "price": 0.0, "done": false],
                ],
                "super": "parent",
                "base": 7,
            ])
        #expect(value.recordValue?.keys == ["outer", "list", "super", "base"])
    }

    @Test func mixingContainerKindsIsAnErrorNotACrash() {
        #expect(throws: EncodingError.self) { try encoder.encode(Confused()) }
        #expect(throws: EncodingError.self) { try encoder.encode(["x": Confused()]) }
    }

    @Test func aValueThatEncodesNothingIsAnEmptyRecord() throws {
        #expect(try encoder.encode(Silent()) == .record([:]))
    }

    @Test func valuesHandlersAndElementsAreKeptAsTheyAre() throws {
        let handler = Handler(component: ComponentID.next(), named: "Counter", action: "increment")
        let props = Props(label: "Go", onPress: handler, child: .text("hi"), extra: ["a": [1, 2.5]])
        let value = try encoder.encode(props)
        #expect(value["onPress"] == .handler(handler))
        #expect(value["child"] == .element(.text("hi")))
        #expect(value["extra"] == ["a": [1, 2.5]])
        #expect(try encoder.encode(Value.record(["k": "v"])) == ["k": "v"])
        #expect(try encoder.encode(["r": ["x": 1] as Record]) == ["r": ["x": 1]])
    }

    @Test func userInfoReachesEncodeMethods() throws {
        struct Reader: Encodable {
            static let key = CodingUserInfoKey(rawValue: "prefix")
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode((Reader.key.flatMap { encoder.userInfo[$0] as? String } ?? "") + "x")
            }
        }
        let key = try #require(Reader.key)
        #expect(try ValueEncoder(userInfo: [key: "pre-"]).encode(Reader()) == "pre-x")
    }
}
