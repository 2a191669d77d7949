import Testing

@testable import TheoluaWidgets

/// What an input's suggestion adds after the value: a match ignoring case that looks at
/// no more of the value than the suggestion is long.
@Suite struct InputCompletionTests {
    @Test func aSuggestionContinuesTheValueIgnoringCase() {
        #expect(InputWidget.rest(of: "Apricot", continuing: "apr") == "icot")
        #expect(InputWidget.rest(of: "apple", continuing: "AP") == "ple")
        #expect(InputWidget.rest(of: "École", continuing: "éc") == "ole")
        #expect(InputWidget.rest(of: "naïve", continuing: "NAÏ") == "ve")
    }

    @Test func aSuggestionNoLongerThanTheValueOrOtherwiseSpelledAddsNothing() {
        #expect(InputWidget.rest(of: "apple", continuing: "apple") == nil)
        #expect(InputWidget.rest(of: "apple", continuing: "Apple") == nil)
        #expect(InputWidget.rest(of: "app", continuing: "apple") == nil)
        #expect(InputWidget.rest(of: "banana", continuing: "ap") == nil)
        #expect(InputWidget.rest(of: "ab", continuing: String(repeating: "a", count: 100_000)) == nil)
    }
}
