import Testing
import TheoluaCore

/// Parses `text`, or fails the test with the error.
private func parse(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Value? {
    do {
        return try Value.parseJSON(text)
    } catch {
        Issue.record("\(text): \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// The error parsing `text`, or `nil` (and a failed test) when it parses.
private func failure(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> JSONError? {
    do {
        let value = try Value.parseJSON(text)
        Issue.record("\(text) parsed as \(value)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

@Suite struct JSONParserTests {
    @Test func scalarsParseToTheirCases() {
        #expect(parse("null") == .null)
        #expect(parse("true") == .bool(true))
        #expect(parse("false") == .bool(false))
        #expect(parse("\"hi\"") == .string("hi"))
        #expect(parse(" \t\r\n 42 \n") == .int(42))
    }

    @Test func integersThatFitIntAreInts() {
        #expect(parse("0") == .int(0))
        #expect(parse("-0") == .int(0))
        #expect(parse("-17") == .int(-17))
        #expect(parse("9223372036854775807") == .int(Int.max))
        #expect(parse("-9223372036854775808") == .int(Int.min))
    }

    @Test func otherNumbersAreDoubles() {
        #expect(parse("9223372036854775808") == .double(9_223_372_036_854_775_808))
        #expect(parse("-9223372036854775809") == .double(-9_223_372_036_854_775_808.0))
        #expect(parse("123456789012345678901234567890") == .double(1.2345678901234568e29))
        #expect(parse("1.0") == .double(1))
        #expect(parse("1.5") == .double(1.5))
        #expect(parse("-0.0") == .double(-0.0))
        #expect(parse("1e3") == .double(1000))
        #expect(parse("1E+3") == .double(1000))
        #expect(parse("25e-1") == .double(2.5))
        #expect(parse("0.1") == .double(0.1))
        #expect(parse("0.000001") == .double(0.000001))
        #expect(parse("3.141592653589793") == .double(3.141592653589793))
        #expect(parse("1.7976931348623157e308") == .double(1.7976931348623157e308))
        #expect(parse("5e-324") == .double(.leastNonzeroMagnitude))
        #expect(parse("1e-400") == .double(0))
        #expect(parse("0.30000000000000004") == .double(0.30000000000000004))
        #expect(parse("123456789012345.678") == .double(123456789012345.678))
        #expect(parse("1000000000000000000000000e-24") == .double(1))
    }

    @Test func numbersTooLargeForADoubleAreErrors() {
        #expect(failure("1e400")?.reason == .numberOutOfRange)
        #expect(failure("[-1e999]")?.column == 2)
    }

    @Test func objectsKeepTheOrderOfTheirKeys() throws {
        let value = try #require(parse(#"{"zeta": 1, "alpha": 2, "mid": {"b": 1, "a": 2}}"#))
        #expect(value.recordValue?.keys == ["zeta", "alpha", "mid"])
        #expect(value["mid"]?.recordValue?.keys == ["b", "a"])
    }

    @Test func aRepeatedKeyKeepsItsFirstPositionAndTakesItsLastValue() {
        let value = parse(#"{"a": 1, "b": 2, "a": 3}"#)
        #expect(value?.recordValue?.keys == ["a", "b"])
        #expect(value?["a"] == .int(3))
    }

    @Test func aRepeatedKeyInALargeObjectIsMergedToo() {
        let fields = (0..<20).map { "\"k\($0 % 12)\": \($0)" }.joined(separator: ",")
        let value = parse("{\(fields)}")
        #expect(value?.recordValue?.keys == (0..<12).map { "k\($0)" })
        #expect(value?["k3"] == .int(15))
        #expect(value?["k11"] == .int(11))
    }

    @Test func largeObjectsAndArraysKeepEverything() {
        let fields = (0..<100).map { "\"k\($0)\": [\($0), \($0).5]" }.joined(separator: ",")
        let value = parse("{\(fields)}")
        #expect(value?.recordValue?.count == 100)
        #expect(value?.recordValue?.keys.last == "k99")
        #expect(value?["k42"] == [42, 42.5])
    }

    @Test func nestedContainersParse() {
        #expect(parse("[]") == .array([]))
        #expect(parse("{}") == .record([:]))
        #expect(parse("[ ]") == .array([]))
        #expect(parse("{ }") == .record([:]))
        #expect(parse(#"[[], {}, [[1]], {"a": [{"b": null}]}]"#) == [[], [:], [[1]], ["a": [["b": nil]]]])
        #expect(parse(#"[1, "two", true, null, 2.5]"#) == [1, "two", true, nil, 2.5])
    }

    @Test func stringEscapesAreDecoded() {
        #expect(parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{08}\u{0C}\n\r\t"))
        #expect(parse(#""\u0041\u00e9\u4E2D""#) == .string("Aé中"))
        #expect(parse(#""a\u0000b""#) == .string("a\u{0}b"))
        #expect(parse(#""plain ünïcödé 🎉""#) == .string("plain ünïcödé 🎉"))
        #expect(parse(#""before \n after""#) == .string("before \n after"))
    }

    @Test func surrogatePairsCombineAndLoneSurrogatesBecomeReplacementCharacters() {
        #expect(parse(#""\uD83C\uDF89""#) == .string("🎉"))
        #expect(parse(#""\ud834\udd1e""#) == .string("𝄞"))
        #expect(parse(#""\uD800""#) == .string("\u{FFFD}"))
        #expect(parse(#""\uDC00x""#) == .string("\u{FFFD}x"))
        #expect(parse(#""\uD800\u0041""#) == .string("\u{FFFD}A"))
        #expect(parse(#""\uD800\uD800\uDC00""#) == .string("\u{FFFD}𐀀"))
        #expect(parse(#""\uD800\n""#) == .string("\u{FFFD}\n"))
    }

    @Test(arguments: [
        "", " ", "[", "]", "{", "}", "[1,]", "[,1]", "[1 2]", "{\"a\" 1}", "{\"a\":}", "{\"a\":1,}",
        "{1:1}", "{'a':1}", "['a']", "[01]", "[-]", "[1.]", "[.5]", "[1e]", "[1e+]", "[+1]", "[0x10]",
        "[NaN]", "[Infinity]", "[-Infinity]", "[tru]", "[nul]", "[True]", "truex", "[1] [2]", "1 2",
        "\"abc", "\"\\x\"", "\"\\u12\"", "\"\\u12G4\"", "\"a\nb\"", "\"\t\"", "[\"a\"\u{0}]", "/* */ 1",
        "[1,\n2,,]", "{\"a\":1 \"b\":2}", "\u{FEFF}1", "-", "--1", "1.5e", "[\"\\", "{\"a\"",
    ])
    func invalidDocumentsAreErrors(text: String) {
        _ = failure(text)
    }

    @Test func errorsGiveLineColumnAndAOneLineMessage() {
        let error = failure(#"{"a": 1 "b": 2}"#)
        #expect(error?.line == 1)
        #expect(error?.column == 9)
        #expect(error?.message == #"expected ',' or '}', found '"'"#)
        #expect(error?.description == #"invalid JSON at line 1, column 9: expected ',' or '}', found '"'"#)
        #expect(
            error.map { "--props: \($0)" }
                == #"--props: invalid JSON at line 1, column 9: expected ',' or '}', found '"'"#)
    }

    @Test func errorPositionsCountLinesAndUnicodeScalars() {
        let error = failure("{\n  \"naïve\": [1,\n    2,, 3]\n}")
        #expect(error?.line == 3)
        #expect(error?.column == 7)
        #expect(error?.message == "expected a value, found ','")
        let afterEmoji = failure("[\"🎉\" \"x\"]")
        #expect(afterEmoji?.column == 6)
    }

    @Test func errorMessagesNameWhatWasFound() {
        #expect(failure("[1")?.message == "expected ',' or ']', found end of input")
        #expect(failure("[1\t@]")?.message == "expected ',' or ']', found '@'")
        #expect(failure("[1\u{7}]")?.message == "expected ',' or ']', found U+0007")
        #expect(failure("{\"a\" 1}")?.message == "expected ':', found '1'")
        #expect(failure("{1:1}")?.message == "expected a string key or '}', found '1'")
        #expect(failure("{\"a\":1,}")?.message == "expected a string key, found '}'")
        #expect(failure("[tru]")?.message == "expected 'true', found ']'")
        #expect(failure("1 2")?.message == "expected end of input, found '2'")
        #expect(failure("")?.message == "expected a value, found end of input")
    }

    @Test func numberAndStringErrorsSayWhatIsWrong() {
        #expect(failure("[01]")?.reason == .invalidNumber("leading zeros are not allowed"))
        #expect(failure("[01]")?.column == 2)
        #expect(failure("[1.]")?.reason == .invalidNumber("expected a digit after '.'"))
        #expect(failure("[-x]")?.reason == .invalidNumber("expected a digit after '-'"))
        #expect(failure("[1e+]")?.reason == .invalidNumber("expected a digit in the exponent"))
        #expect(failure(#"["\x"]"#)?.reason == .invalidEscape(#"\x"#))
        #expect(failure(#"["\u12G4"]"#)?.reason == .invalidEscape(#"\u12G4"#))
        #expect(failure("[\"a\nb\"]")?.reason == .unescapedControlCharacter(0x0A))
        #expect(failure("[\"a\nb\"]")?.message == "control character U+000A in string must be escaped")
        let unterminated = failure("[1, \"abc")
        #expect(unterminated?.reason == .unterminatedString)
        #expect(unterminated?.column == 5)
    }

    @Test func nestingBeyondTheLimitIsAnErrorNotACrash() {
        let limit = Value.defaultJSONDepthLimit
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(parse(deepest) != nil)
        let tooDeep = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        let error = failure(tooDeep)
        #expect(error?.reason == .tooDeep(limit: limit))
        #expect(error?.column == limit + 1)
        let huge = String(repeating: "{\"a\":[", count: 100_000)
        #expect(failure(huge)?.reason == .tooDeep(limit: limit))
        #expect((try? Value.parseJSON("[[[1]]]", maximumDepth: 2)) == nil)
        #expect((try? Value.parseJSON("[[1]]", maximumDepth: 2)) == [[1]])
    }

    @Test func theInitializerParsesToo() throws {
        #expect(try Value(json: #"{"label": "Clicks", "step": 2}"#) == ["label": "Clicks", "step": 2])
        #expect(throws: JSONError.self) { try Value(json: "{") }
    }
}
