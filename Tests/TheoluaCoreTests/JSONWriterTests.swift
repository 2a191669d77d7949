import Testing

@testable import TheoluaCore

@Suite struct JSONWriterTests {
    @Test func scalarsAreWrittenAsJSON() {
        #expect(Value.null.jsonText == "null")
        #expect(Value.bool(true).jsonText == "true")
        #expect(Value.bool(false).jsonText == "false")
        #expect(Value.int(-42).jsonText == "-42")
        #expect(Value.int(Int.min).jsonText == "-9223372036854775808")
        #expect(Value.double(1.5).jsonText == "1.5")
        #expect(Value.double(1).jsonText == "1.0")
        #expect(Value.double(0.1).jsonText == "0.1")
        #expect(Value.double(1e-7).jsonText == "1e-07")
        #expect(Value.double(1e300).jsonText == "1e+300")
    }

    @Test func nonFiniteDoublesAreNull() {
        #expect(Value.double(.nan).jsonText == "null")
        #expect(Value.double(.infinity).jsonText == "null")
        #expect(Value.double(-.infinity).jsonText == "null")
        #expect(Value.array([1, .double(.nan)]).jsonText == "[1,null]")
    }

    @Test func stringsAreEscaped() {
        #expect(Value.string("say \"hi\"\\").jsonText == #""say \"hi\"\\""#)
        #expect(Value.string("a\nb\tc\r\u{08}\u{0C}").jsonText == #""a\nb\tc\r\b\f""#)
        #expect(Value.string("\u{0}\u{1F}\u{7F}").jsonText == "\"\\u0000\\u001f\u{7F}\"")
        #expect(Value.string("/ é 中 🎉").jsonText == "\"/ é 中 🎉\"")
    }

    @Test func recordsAreWrittenInInsertionOrder() {
        let value: Value = ["zeta": 1, "alpha": [true, nil], "mid": ["b": "x", "a": [:]]]
        #expect(value.jsonText == #"{"zeta":1,"alpha":[true,null],"mid":{"b":"x","a":{}}}"#)
        #expect(Value.array([]).jsonText == "[]")
        #expect(Value.record([:]).jsonText == "{}")
    }

    @Test func sortedKeysMakeEqualRecordsWriteAlike() {
        let a: Value = ["b": 1, "a": ["y": 1, "x": 2]]
        let b: Value = ["a": ["x": 2, "y": 1], "b": 1]
        #expect(a == b)
        let writer = JSONValueWriter(sortsKeys: true)
        #expect(writer.string(from: a) == #"{"a":{"x":2,"y":1},"b":1}"#)
        #expect(writer.string(from: a) == writer.string(from: b))
    }

    @Test func indentedOutputPutsEachItemOnItsOwnLine() {
        let value: Value = ["name": "box", "items": [1, [:], []], "empty": [:]]
        let text = JSONValueWriter(indentation: 2).string(from: value)
        #expect(
            text.split(separator: "\n", omittingEmptySubsequences: false) == [
                "{",
                #"  "name": "box","#,
                #"  "items": ["#,
                "    1,",
                "    {},",
                "    []",
                "  ],",
                #"  "empty": {}"#,
                "}",
            ])
    }

    @Test func handlersAndElementsAreWrittenAsDescriptions() throws {
        let handler = Handler(component: ComponentID.next(), named: "Counter", action: "increment")
        #expect(Value.handler(handler).jsonText == #""<handler: handler(Counter.increment)>""#)
        let element = Element.text("hi")
        let text = Value.array([.element(element)]).jsonText
        #expect(text.hasPrefix(#"["<element: text"#))
        // The description's quotes are escaped, so the text is still valid JSON.
        let parsed = try Value.parseJSON(text)
        #expect(parsed.arrayValue?.first?.stringValue == "<element: \(element.description)>")
    }

    @Test(arguments: [
        "null", "true", "0", "-1", "1.0", "-0.0", "0.1", "1e+300", "5e-324", "9223372036854775807",
        #""""#, #""\"\\\n\u0001 é 🎉""#, "[]", "{}", #"[1,[2,[3,{"a":null}]]]"#,
        #"{"z":1,"a":{"y":[true,false],"b":"c"},"m":-2.5}"#,
    ])
    func jsonRoundTripsThroughValues(text: String) throws {
        let value = try Value.parseJSON(text)
        #expect(value.jsonText == text)
        #expect(try Value.parseJSON(value.jsonText) == value)
    }

    @Test func valuesRoundTripThroughJSONKeepingIntsAndDoublesApart() throws {
        let value: Value = [
            "int": 3, "double": 3.0, "negative": -0.25, "big": .double(1e22), "huge": .double(1.5e300),
            "tiny": .double(2.2250738585072014e-308), "text": "line\nbreak \"quoted\" \u{1}",
            "list": [1, 2.5, "three", nil, [false]], "nested": ["a": ["b": ["c": []]]],
        ]
        let parsed = try Value.parseJSON(value.jsonText)
        #expect(parsed == value)
        #expect(parsed["double"] == .double(3))
        #expect(parsed["int"] == .int(3))
        #expect(parsed.recordValue?.keys == value.recordValue?.keys)
        let pretty = JSONValueWriter(indentation: 4).string(from: value)
        #expect(try Value.parseJSON(pretty) == value)
    }

    @Test func randomDoublesRoundTripExactly() throws {
        var generator = SplitMix(seed: 7)
        for _ in 0..<2000 {
            let double = Double(bitPattern: generator.next())
            guard double.isFinite else { continue }
            let parsed = try Value.parseJSON(Value.double(double).jsonText)
            #expect(parsed == .double(double), "\(double)")
        }
    }
}

/// A small deterministic random number generator for tests.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
