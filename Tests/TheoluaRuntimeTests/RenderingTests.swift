import Testing
import TheoluaCanvas
import TheoluaCore

/// Golden screens for primitives mounted through the reconciler.
@Suite struct RenderingTests {
    @Test func topLevelNodesStackAsAColumnFillingTheCanvas() {
        let harness = HostHarness(width: 12, height: 4)
        harness.mount(
            .box(
                children: [
                    .text("first"),
                    .box(["border": "single"], children: [.text("boxed")]),
                ]))
        expectScreen(harness, ["first", "┌──────────┐", "│boxed     │", "└──────────┘"])
    }

    @Test func rowsGapsPaddingAndTitlesMapToTheCanvas() {
        let harness = HostHarness(
            width: 16, height: 4,
            .box(
                ["border": "round", "title": "Log", "padding": [1, 0], "direction": "row", "gap": 1],
                children: [.text("a"), .text("b", ["grow": 1]), .text("c")]))
        // The root is given the whole canvas: the bordered box fills all four rows.
        expectScreen(harness, ["╭─ Log ────────╮", "│ a b        c │", "│              │", "╰──────────────╯"])
    }

    @Test func textTakesWidthAndAlignProps() {
        let harness = HostHarness(
            width: 10, height: 3,
            .row(children: [.text("ab", ["width": 4, "align": "right"]), .text("|")]))
        expectScreen(harness, ["  ab|", "", ""])
    }

    @Test func percentagesAndSpacingArraysAreRead() {
        let harness = HostHarness(
            width: 10, height: 3,
            .row(children: [
                .box(["width": "50%", "border": "ascii"], children: [.text("x")]),
                .text("y", ["margin": [0, 0, 0, 1]]),
            ]))
        expectScreen(harness, ["+---+ y", "|x  |", "+---+"])
    }

    @Test func oddPropValuesAreIgnoredRatherThanFatal() {
        let harness = HostHarness(
            width: 8, height: 2,
            .box(
                [
                    "width": "wide", "padding": "lots", "border": 3, "color": [1], "grow": -2,
                    "gap": .double(.nan),
                ],
                children: [.text("ok", ["color": "nocolor", "bold": "yes", "wrap": 7]), .host("mystery")]))
        expectScreen(harness, ["ok", ""])
    }

    @Test func propUpdatesChangeOnlyWhatChanged() {
        let harness = HostHarness(width: 8, height: 3, .box(["border": "single"], children: [.text("hi")]))
        expectScreen(harness, ["┌──────┐", "│hi    │", "└──────┘"])
        harness.mount(.box(["border": "double"], children: [.text("hi")]))
        expectScreen(harness, ["╔══════╗", "║hi    ║", "╚══════╝"])
        harness.mount(.box(children: [.text("hey", ["bold": true])]))
        expectScreen(harness, ["hey", "", ""])
        #expect(harness.host.buffer[0, 0].style.attributes.contains(.bold))
    }

    @Test func keyedChildrenMoveInTheCanvas() {
        let harness = HostHarness(
            width: 6, height: 3,
            .box(children: [.text("a", key: "a"), .text("b", key: "b"), .text("c", key: "c")]))
        expectScreen(harness, ["a", "b", "c"])
        harness.mount(.box(children: [.text("c", key: "c"), .text("a", key: "a")]))
        expectScreen(harness, ["c", "a", ""])
    }

    @Test func resizeLaysEverythingOutAgain() {
        let harness = HostHarness(
            width: 6, height: 3, .box(["border": "single"], children: [.text("wrap me")]))
        // The box does not shrink below its two lines: its bottom border is clipped.
        expectScreen(harness, ["┌────┐", "│wrap│", "│me  │"])
        harness.host.resize(width: 10, height: 3)
        expectScreen(harness, ["┌────────┐", "│wrap me │", "└────────┘"])
    }

    @Test func buttonsShowTheirLabelInBracketsOrInTheirBorder() {
        let harness = HostHarness(
            width: 12, height: 4,
            .box(children: [
                .button("OK", onPress: nil, ["focusable": false]),
                .button("Cancel", onPress: nil, ["border": "round", "width": 12, "focusable": false]),
            ]))
        expectScreen(harness, ["[ OK ]", "╭──────────╮", "│  Cancel  │", "╰──────────╯"])
    }

    @Test func inputsShowTheirValueOrADimPlaceholder() {
        let harness = HostHarness(
            width: 12, height: 2,
            .box(children: [
                .input(["value": "hello", "focusable": false]),
                .input(["value": "", "placeholder": "name", "focusable": false]),
            ]))
        expectScreen(harness, ["hello", "name"])
        #expect(harness.host.buffer[0, 1].style.attributes.contains(.dim))
        #expect(!harness.host.buffer[0, 0].style.attributes.contains(.dim))
    }

    @Test func removingNodesClearsTheirArea() {
        let harness = HostHarness(width: 6, height: 2, .box(children: [.text("one"), .text("two")]))
        expectScreen(harness, ["one", "two"])
        harness.mount(.box(children: [.text("one")]))
        expectScreen(harness, ["one", ""])
        harness.mount(nil)
        expectScreen(harness, ["", ""])
    }

    @Test func contentUpdatesKeepTheTextStyle() {
        let harness = HostHarness(width: 8, height: 1, .text("one", ["bold": true, "color": "red"]))
        harness.mount(.text("two", ["bold": true, "color": "red"]))
        expectScreen(harness, ["two"])
        #expect(harness.host.buffer[0, 0].style == CellStyle(foreground: .red, attributes: .bold))
    }

    @Test func inputsFitTheirWindowAgainAfterAResize() {
        let harness = HostHarness(width: 6, height: 1, .input(["value": "abcdefghij"]))
        expectScreen(harness, ["fghij"])
        harness.host.resize(width: 12, height: 1)
        expectScreen(harness, ["abcdefghij"])
    }
}
