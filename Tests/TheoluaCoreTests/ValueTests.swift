import Testing

@testable import TheoluaCore
import TheoluaWidgets

@Suite struct ValueTests {
    @Test func recordEqualityIgnoresInsertionOrder() {
        let a: Record = ["x": 1, "y": "two"]
        let b: Record = ["y": "two", "x": 1]
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a.keys == ["x", "y"])
        #expect(b.keys == ["y", "x"])
    }

    @Test func recordKeepsFirstPositionAndLastValueOfARepeatedKey() {
        let record = Record([("a", 1), ("b", 2), ("a", 3)])
        #expect(record.keys == ["a", "b"])
        #expect(record["a"] == 3)
    }

    @Test func textWithStyleKeepsTheContentAndTheLastOfARepeatedStyle() {
        let element = Element.text("hi", style: ["bold": true, "color": "red", "bold": false])
        #expect(element.hostProps == ["text": "hi", "bold": false, "color": "red"])
        #expect(element.hostProps.keys == ["text", "bold", "color"])
    }

    @Test func largeRecordsFindFieldsAndCompareByContent() {
        let pairs = (0..<100).map { ("field\($0)", Value.int($0)) }
        let a = Record(pairs)
        let b = Record(pairs.reversed())
        #expect(a["field42"] == 42)
        #expect(a == b)
        #expect(a != a.setting("field99", to: 0))
        #expect(a.setting("extra", to: true).count == 101)
        #expect(a.removing("field0").count == 99)
        let even = a.filter { (Int($0.dropFirst(5)) ?? 1) % 2 == 0 }
        #expect(even.count == 50 && even["field42"] == 42 && even["field41"] == nil)
        #expect(even.keys.first == "field0")
    }

    @Test func fieldsAreFoundByTheExactBytesOfTheirName() {
        func position(_ record: Record, _ bytes: [UInt8]) -> Int? {
            bytes.withUnsafeBytes { record.position(ofUTF8: $0) }
        }
        let replacement = "\u{FFFD}"
        let named: [(String, Value)] = [("naïve", 2), (replacement, 3)]
        let small = Record([("index", 1), ("selected", true)] + named)
        let large = Record((0..<20).map { ("field\($0)", Value.int($0)) } + named)
        for record in [small, large] {
            #expect(position(record, Array("naïve".utf8)) == record.position(of: "naïve"))
            #expect(position(record, Array(replacement.utf8)) == record.position(of: replacement))
            #expect(position(record, Array("naive".utf8)) == nil)  // the same length, other bytes
            #expect(position(record, Array("naïv".utf8)) == nil)
            #expect(position(record, []) == nil)
            // Bytes that are not UTF-8 name no field, not the one their repair would.
            #expect(position(record, [0xFF]) == nil)
        }
        #expect(position(small, Array("selected".utf8)) == 1)
        #expect(position(large, Array("field19".utf8)) == 19)
    }

    @Test func largeArraysWithEqualContentAreEqualAndUnequalOnesDiffer() {
        let values = (0..<1_000).map { Value.string("row \($0)") }
        let a = ValueArray(values)
        let b = ValueArray(values)
        var changed = values
        changed[999] = "other"
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != ValueArray(changed))
        #expect(a.storage.cachedHash != nil)
    }

    @Test func copiesShareStorage() {
        let a: Value = ["k": [1, 2, 3]]
        let b = a
        guard case .record(let x) = a, case .record(let y) = b else {
            Issue.record("expected records")
            return
        }
        #expect(x.sharesStorage(with: y))
    }

    @Test func integersAndFloatsAreDistinctAndNaNEqualsItself() {
        #expect(Value.int(1) != Value.double(1))
        #expect(Value.double(.nan) == Value.double(.nan))
        #expect(Value.double(0.0) == Value.double(-0.0))
        #expect(Value.double(0.0).hashValue == Value.double(-0.0).hashValue)
    }

    @Test func literalsBuildTheExpectedCases() {
        let value: Value = ["name": "ada", "tags": ["a", nil, true, 1.5]]
        #expect(value["name"] == .string("ada"))
        #expect(value["tags"]?.arrayValue?.count == 4)
        #expect(value["tags"]?.arrayValue?[1] == .null)
        #expect(value.typeName == "record")
        #expect(Value.double(3).intValue == 3)
        #expect(Value.double(3.5).intValue == nil)
    }

    @Test func actionHandlersAreEqualForEqualTargetsAndArguments() {
        let id = ComponentID.next()
        let a = Handler(component: id, named: "Row", action: "select", arguments: [1])
        let b = Handler(component: id, named: "Row", action: "select", arguments: [1])
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != Handler(component: id, named: "Row", action: "select", arguments: [2]))
        #expect(a != Handler(component: ComponentID.next(), named: "Row", action: "select", arguments: [1]))
    }

    @Test func functionHandlersCompareByIdentity() {
        let function = SwiftHandlerFunction { _ in }
        #expect(Handler(function: function) == Handler(function: function))
        #expect(Handler.function { _ in } != Handler.function { _ in })
    }

    @Test func elementsCompareByContent() {
        let a = Element.box(["gap": 1], children: [.text("a"), .text("b", key: "b")])
        let b = Element.box(["gap": 1], children: [.text("a"), .text("b", key: "b")])
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != Element.box(["gap": 2], children: [.text("a"), .text("b", key: "b")]))
        #expect(a != Element.box(["gap": 1], children: [.text("a"), .text("b")]))
        #expect(a.description == "box{ gap = 1 }[text{ text = \"a\" }, text#b{ text = \"b\" }]")
    }

    /// A record from a Lua table holds its fields in the table's order, which changes
    /// from run to run: printed, they are in the order of their names.
    @Test func aRecordPrintsItsFieldsInTheOrderOfTheirNames() {
        let one = Record([("status", .string("up")), ("name", .string("api")), ("cpu", .int(3))])
        let other = Record([("cpu", .int(3)), ("status", .string("up")), ("name", .string("api"))])
        #expect(one.description == "{ cpu = 3, name = \"api\", status = \"up\" }")
        #expect(Value.record(other).description == one.description)
    }

    @Test func aRecordsFieldsAreSetAndRemovedThroughItsSubscript() {
        var props: Record = ["host": "build-01", "cpu": 0.5]
        props["cpu"] = .double(0.75)
        props["state"] = "up"
        #expect(props == ["host": "build-01", "cpu": 0.75, "state": "up"])
        props["host"] = nil
        #expect(props.keys == ["cpu", "state"])
    }

    @Test func longestIncreasingSubsequenceKeepsTheLongestRun() {
        #expect(longestIncreasingSubsequenceMask([3, 0, 1, 2]) == [false, true, true, true])
        #expect(longestIncreasingSubsequenceMask([-1, 0, -1, 1]) == [false, true, false, true])
        #expect(longestIncreasingSubsequenceMask([2, 1, 0]).filter { $0 }.count == 1)
        #expect(longestIncreasingSubsequenceMask([]) == [])
    }
}
