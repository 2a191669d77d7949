import Testing
import TheoluaCanvas
import TheoluaCore

/// Focus order, autoFocus, tab and backtab, and focus surviving tree changes.
@Suite struct FocusTests {
    /// Three buttons `a`, `b`, `c` (optionally some left out) in a column.
    static func buttons(_ keys: [String] = ["a", "b", "c"], autoFocus: String? = nil) -> Element {
        .box(
            children: keys.map { key in
                .button(key, onPress: nil, key == autoFocus ? ["autoFocus": true] : [:], key: .string(key))
            })
    }

    /// Two panes, one shown: the shown pane's `a` had focus; hiding the pane takes focus
    /// away, and showing it again gives focus back to `a`, not to the focusable nearest
    /// the pane that hides.
    @Test func aHiddenViewGivesFocusBackWhereItWasWhenShownAgain() {
        func panes(firstShown: Bool) -> Element {
            .box(children: [
                .box(firstShown ? [:] : ["display": "none"], key: "one", children: [
                    .button("a", onPress: nil, key: "a"), .button("b", onPress: nil, key: "b"),
                ]),
                .box(firstShown ? ["display": "none"] : [:], key: "two", children: [
                    .button("c", onPress: nil, key: "c")
                ]),
            ])
        }
        let harness = HostHarness(panes(firstShown: true))
        #expect(harness.focusedKey == "a")
        harness.mount(panes(firstShown: false))
        #expect(harness.focusedKey == "c")
        harness.mount(panes(firstShown: true))
        #expect(harness.focusedKey == "a")
    }

    @Test func firstFocusableInTreeOrderTakesFocusOnMount() {
        let harness = HostHarness(
            .box(children: [
                .text("title"),
                .box(children: [
                    .box(["focusable": true], key: "inner", children: [.button("x", onPress: nil, key: "x")])
                ]),
                .input(["value": ""], key: "in"),
            ]))
        #expect(harness.focusedKey == "inner")
        harness.press("tab")
        #expect(harness.focusedKey == "x")
        harness.press("tab")
        #expect(harness.focusedKey == "in")
    }

    @Test func autoFocusWinsOverTreeOrder() {
        let harness = HostHarness(Self.buttons(autoFocus: "b"))
        #expect(harness.focusedKey == "b")
    }

    @Test func tabAndBacktabWrap() {
        let harness = HostHarness(Self.buttons())
        var seen: [String?] = []
        for _ in 0..<4 {
            harness.press("tab")
            seen.append(harness.focusedKey)
        }
        #expect(seen == ["b", "c", "a", "b"])
        seen = []
        for _ in 0..<3 {
            harness.press("backtab")
            seen.append(harness.focusedKey)
        }
        #expect(seen == ["a", "c", "b"])
    }

    @Test func focusShowsAsInverseLabelAndBoldBorder() {
        let harness = HostHarness(
            width: 10, height: 4,
            .box(children: [
                .button("a", onPress: nil, key: "a"),
                .box(["focusable": true, "border": "single", "height": 3], key: "panel", children: []),
            ]))
        expectScreen(harness, ["[ a ]", "┌────────┐", "│        │", "└────────┘"])
        #expect(harness.host.buffer[0, 0].style.attributes.contains(.inverse))
        harness.press("tab")
        expectScreen(harness, ["[ a ]", "┏━━━━━━━━┓", "┃        ┃", "┗━━━━━━━━┛"])
        #expect(!harness.host.buffer[0, 0].style.attributes.contains(.inverse))
    }

    @Test func focusSurvivesReRendersAndReorders() {
        let harness = HostHarness(Self.buttons())
        harness.press("tab")
        #expect(harness.focusedKey == "b")
        harness.mount(Self.buttons(["c", "b", "a", "d"]))
        #expect(harness.focusedKey == "b")
        harness.press("tab")
        #expect(harness.focusedKey == "a")
    }

    @Test func removingTheFocusedNodeFocusesTheNextOne() {
        let harness = HostHarness(Self.buttons())
        harness.press("tab")
        harness.mount(Self.buttons(["a", "c"]))
        #expect(harness.focusedKey == "c")
    }

    @Test func removingTheLastFocusedNodeFocusesThePreviousOne() {
        let harness = HostHarness(Self.buttons())
        harness.press("backtab")
        #expect(harness.focusedKey == "c")
        harness.mount(Self.buttons(["a", "b"]))
        #expect(harness.focusedKey == "b")
    }

    @Test func removingASubtreeHoldingFocusSkipsItsOtherFocusables() {
        let tree = { (withPanel: Bool) -> Element in
            .box(children: [
                .button("a", onPress: nil, key: "a"),
                withPanel
                    ? .box(
                        key: "panel",
                        children: [
                            .button("p1", onPress: nil, key: "p1"), .button("p2", onPress: nil, key: "p2"),
                        ]) : .empty,
                .button("z", onPress: nil, key: "z"),
            ])
        }
        let harness = HostHarness(tree(true))
        harness.press("tab")
        #expect(harness.focusedKey == "p1")
        harness.mount(tree(false))
        #expect(harness.focusedKey == "z")
    }

    @Test func removingEveryFocusableLeavesNothingFocused() {
        let harness = HostHarness(Self.buttons(["a"]))
        harness.mount(.text("bye"))
        #expect(!harness.host.hasFocus)
        #expect(harness.press("tab") == [false])
        harness.mount(Self.buttons(["n"]))
        #expect(harness.focusedKey == "n")
    }

    @Test func aBoxThatStopsBeingFocusableHandsFocusOn() {
        let tree = { (focusable: Bool) -> Element in
            .box(children: [
                .box(
                    ["focusable": .bool(focusable)], key: "box",
                    children: [.button("in", onPress: nil, key: "in")]),
                .button("out", onPress: nil, key: "out"),
            ])
        }
        let harness = HostHarness(tree(true))
        #expect(harness.focusedKey == "box")
        harness.mount(tree(false))
        #expect(harness.focusedKey == "in")
    }

    @Test func laterMountedAutoFocusTakesFocus() {
        let harness = HostHarness(Self.buttons(["a", "b"]))
        #expect(harness.focusedKey == "a")
        harness.mount(Self.buttons(["a", "b", "c"], autoFocus: "c"))
        #expect(harness.focusedKey == "c")
    }

    @Test func focusOrderStaysCheapInLongListsWithoutFocusables() {
        let rows = (0..<20_000).map { Element.text("row \($0)", key: .int($0)) }
        let harness = HostHarness(
            width: 20, height: 5,
            .box(children: [
                .button("top", onPress: nil, key: "top"),
                .scroll(["grow": 1, "focusable": false], children: rows),
                .button("bottom", onPress: nil, key: "bottom"),
            ]))
        harness.press("tab")
        #expect(harness.focusedKey == "bottom")
        harness.press("tab")
        #expect(harness.focusedKey == "top")
        expectScreen(harness, ["[ top ]", "row 0", "row 1", "row 2", "[ bottom ]"])
    }
}
