import Testing
import TheoluaCanvas
import TheoluaCore

/// A focused scroll scrolls with keys; `follow` keeps the end in view.
@Suite struct ScrollTests {
    static func list(_ count: Int, follow: Bool = false) -> Element {
        .scroll(
            ["height": 3, "follow": .bool(follow)],
            children: (0..<count).map { Element.text("line \($0)", key: .int($0)) })
    }

    @Test func arrowsPagesHomeAndEndScrollTheFocusedScroll() {
        let harness = HostHarness(width: 10, height: 3, Self.list(10))
        expectScreen(harness, ["line 0", "line 1", "line 2"])
        #expect(harness.press("down", "down") == [true, true])
        expectScreen(harness, ["line 2", "line 3", "line 4"])
        harness.press("up")
        expectScreen(harness, ["line 1", "line 2", "line 3"])
        harness.press("pagedown")
        expectScreen(harness, ["line 4", "line 5", "line 6"])
        harness.press("end")
        expectScreen(harness, ["line 7", "line 8", "line 9"])
        harness.press("pageup")
        expectScreen(harness, ["line 4", "line 5", "line 6"])
        harness.press("home")
        expectScreen(harness, ["line 0", "line 1", "line 2"])
    }

    @Test func scrollKeysDoNothingWhenTheScrollIsNotFocused() {
        let harness = HostHarness(
            width: 10, height: 4,
            .box(children: [.button("b", onPress: nil, key: "b"), Self.list(10)]))
        #expect(harness.press("down") == [false])
        expectScreen(harness, ["[ b ]", "line 0", "line 1", "line 2"])
    }

    @Test func followKeepsTheEndInViewAsRowsArrive() {
        let harness = HostHarness(width: 10, height: 3, Self.list(4, follow: true))
        expectScreen(harness, ["line 1", "line 2", "line 3"])
        harness.mount(Self.list(6, follow: true))
        expectScreen(harness, ["line 3", "line 4", "line 5"])
        harness.press("up")
        harness.mount(Self.list(8, follow: true))
        expectScreen(harness, ["line 2", "line 3", "line 4"])
        harness.press("end")
        harness.mount(Self.list(9, follow: true))
        expectScreen(harness, ["line 6", "line 7", "line 8"])
    }

    @Test func focusMovingIntoAScrollScrollsTheFocusedElementIntoView() {
        let harness = HostHarness(
            width: 10, height: 3,
            .scroll(["height": 3], children: (0..<10).map { Element.button("b\($0)", onPress: nil, key: .int($0)) }))
        expectScreen(harness, ["[ b0 ]", "[ b1 ]", "[ b2 ]"])
        harness.press("tab", "tab", "tab", "tab")  // the scroll, then b0 … b3
        expectScreen(harness, ["[ b1 ]", "[ b2 ]", "[ b3 ]"])
        harness.press("backtab", "backtab", "backtab")
        expectScreen(harness, ["[ b0 ]", "[ b1 ]", "[ b2 ]"])
        harness.press("backtab", "backtab")  // the scroll itself, then round to b9
        expectScreen(harness, ["[ b7 ]", "[ b8 ]", "[ b9 ]"])
    }

    @Test func aFocusedBorderedScrollShowsFocus() {
        let harness = HostHarness(
            width: 8, height: 4,
            .scroll(["border": "round", "grow": 1], children: [.text("a"), .text("b"), .text("c")]))
        expectScreen(harness, ["┏━━━━━━┓", "┃a     ┃", "┃b     ┃", "┗━━━━━━┛"])
        harness.press("down")
        expectScreen(harness, ["┏━━━━━━┓", "┃b     ┃", "┃c     ┃", "┗━━━━━━┛"])
    }
}

/// A scroll's children out of view stand in the canvas as deferred nodes: their
/// widgets and canvas nodes are made when the scroll's layout reaches them, or when
/// one of them takes focus.
@Suite struct DeferredScrollChildrenTests {
    /// The scroll's canvas node (the root's only child), and how many of its children
    /// have their content made.
    static func madeChildren(_ harness: HostHarness) -> Int {
        let scroll = harness.host.canvas.root?.children.first
        return scroll?.children.filter { !$0.isDeferred }.count ?? 0
    }

    static func rows(_ count: Int) -> Element {
        .scroll(
            ["height": 3],
            children: (0..<count).map { index in
                Element.row(key: .int(index), children: [.text(">"), .text("row \(index)")])
            })
    }

    @Test func onlyTheRowsInViewAreMade() {
        // Layout measures the rows in view and, to keep the window inside the content,
        // the last screenful: at most two screenfuls of rows are made.
        let harness = HostHarness(width: 12, height: 3, Self.rows(1000))
        expectScreen(harness, [">row 0", ">row 1", ">row 2"])
        #expect(Self.madeChildren(harness) <= 6)
        #expect(harness.host.canvas.root?.children.first?.children.count == 1000)
        harness.press("pagedown")
        expectScreen(harness, [">row 3", ">row 4", ">row 5"])
        #expect(Self.madeChildren(harness) <= 9)
        harness.press("end")
        expectScreen(harness, [">row 997", ">row 998", ">row 999"])
        #expect(Self.madeChildren(harness) <= 9)
    }

    @Test func rowsMadeLaterShowTheirLatestProps() {
        let harness = HostHarness(width: 12, height: 3, Self.rows(100))
        harness.mount(
            .scroll(
                ["height": 3],
                children: (0..<100).map { index in
                    Element.row(key: .int(index), children: [.text("*"), .text("row \(index)")])
                }))
        harness.press("end")
        expectScreen(harness, ["*row 97", "*row 98", "*row 99"])
    }

    @Test func theNodesInsideRowsNotMadeHaveNoViews() {
        // A view per row (their place and focus counts), and views for the texts of the
        // rows made: two screenfuls at most.
        let harness = HostHarness(width: 12, height: 3, Self.rows(1000))
        expectScreen(harness, [">row 0", ">row 1", ">row 2"])
        #expect(harness.host.viewCount <= 2 + 1000 + 2 * 6)
        harness.press("end")
        expectScreen(harness, [">row 997", ">row 998", ">row 999"])
        #expect(harness.host.viewCount <= 2 + 1000 + 2 * 9)
    }

    static func buttonRows(_ count: Int, button: (Int) -> Record?) -> Element {
        .scroll(
            ["height": 3, "focusable": false],
            children: (0..<count).map { index in
                let label = Element.text("row \(index)")
                guard let props = button(index) else { return Element.row(key: .int(index), children: [label]) }
                return Element.row(
                    key: .int(index), children: [label, .button("b\(index)", onPress: nil, props, key: .int(index))])
            })
    }

    @Test func autoFocusReachesAButtonInARowNotMadeYet() {
        let harness = HostHarness(
            width: 16, height: 3, Self.buttonRows(50) { $0 == 40 ? ["autoFocus": true] : ["focusable": false] })
        #expect(harness.focusedKey == "40")
        #expect(harness.lines.contains("row 40[ b40 ]"))
    }

    @Test func focusOrderFollowsButtonsGainedAndLostInRowsNotMadeYet() {
        let harness = HostHarness(
            width: 16, height: 3, Self.buttonRows(50) { [0: [:], 20: [:], 45: ["focusable": false]][$0] })
        #expect(harness.focusedKey == "0")
        // Out of view (rows 20 and 45 were never made), row 20's button leaves and
        // row 45's turns focusable.
        harness.mount(Self.buttonRows(50) { [0: [:], 45: [:]][$0] })
        harness.press("tab")
        #expect(harness.focusedKey == "45")
        #expect(harness.lines.contains("row 45[ b45 ]"))
        harness.press("tab")
        #expect(harness.focusedKey == "0")
        harness.press("backtab")
        #expect(harness.focusedKey == "45")
        // A button added to a row out of view is found going back from the first.
        harness.press("tab")
        harness.mount(Self.buttonRows(50) { [0: [:], 30: [:], 45: [:]][$0] })
        #expect(harness.focusedKey == "0")
        harness.press("tab")
        #expect(harness.focusedKey == "30")
        #expect(harness.lines.contains("row 30[ b30 ]"))
    }

    @Test func focusReachesAButtonInARowNotMadeYet() {
        let harness = HostHarness(
            width: 12, height: 3,
            .scroll(
                ["height": 3, "focusable": false],
                children: (0..<50).map { index in
                    Element.row(key: .int(index), children: [.button("b\(index)", onPress: nil, key: "b")])
                }))
        expectScreen(harness, ["[ b0 ]", "[ b1 ]", "[ b2 ]"])
        harness.press("backtab")  // round to the last button, far below
        #expect(harness.focusedKey == "b")
        expectScreen(harness, ["[ b47 ]", "[ b48 ]", "[ b49 ]"])
    }
}

/// A row two lines high, rendered by a Swift component.
private struct TallRow: Component, Equatable {
    var index: Int

    func render(_ context: ComponentContext<TallRow>) -> [Element] {
        [.column(children: [.text("a\(index)"), .text("b\(index)")])]
    }
}

/// A row of two lines that are two host nodes of the scroll, not one.
private struct PairRow: Component, Equatable {
    var index: Int

    func render(_ context: ComponentContext<PairRow>) -> [Element] {
        [.text("x\(index)"), .text("y\(index)")]
    }
}

/// A scroll's component rows render as its layout reaches them.
@Suite struct ScrollComponentRowsTests {
    static func rows(_ count: Int) -> Element {
        .scroll(
            ["height": 4, "focusable": false],
            children: (1...count).map { TallRow(index: $0).element(key: .int($0)) })
    }

    @Test func theRowsInViewRenderAndTheOthersWait() {
        let harness = HostHarness(width: 10, height: 4, Self.rows(1000))
        expectScreen(harness, ["a1", "b1", "a2", "b2"])
        // A window's worth of rows from the top and from the end (which the scroll
        // measures for its end), counted at one line each before they render.
        #expect(harness.reconciler.componentCount == 8)
        #expect(harness.errors == [])
    }

    @Test func aMoveOverRowsNotRenderedYetIsMadeAgainOverTheRenderedRows() throws {
        let harness = HostHarness(width: 10, height: 4, Self.rows(1000))
        expectScreen(harness, ["a1", "b1", "a2", "b2"])
        let scroll = try #require(harness.host.canvas.root?.children.first)
        // Ten lines: five rows of two. The move passes rows that wait, one line each
        // until they render; it is made again once they have.
        scroll.scrollDown(by: 10)
        expectScreen(harness, ["a6", "b6", "a7", "b7"])
        scroll.scrollDown(by: 3)
        scroll.scrollDown(by: 4)
        expectScreen(harness, ["b9", "a10", "b10", "a11"])
        #expect(harness.reconciler.componentCount < 20)
    }

    @Test func aRowOfSeveralNodesTakesItsPlaceholdersPlaceInOrder() throws {
        let rows = Element.scroll(
            ["height": 4, "focusable": false],
            children: (1...300).map { PairRow(index: $0).element(key: .int($0)) })
        let harness = HostHarness(width: 10, height: 4, rows)
        expectScreen(harness, ["x1", "y1", "x2", "y2"])
        let scroll = try #require(harness.host.canvas.root?.children.first)
        scroll.scrollDown(by: 10)
        expectScreen(harness, ["x6", "y6", "x7", "y7"])
        scroll.scrollToEnd()
        expectScreen(harness, ["x299", "y299", "x300", "y300"])
        scroll.scrollUp(by: 5)
        expectScreen(harness, ["y296", "x297", "y297", "x298"])
        // Each row's two nodes, and nothing else, where its placeholder stood.
        #expect(scroll.children.count == 300 + harness.reconciler.componentCount)
    }
}

/// A row holding a button, or a line.
private struct MaybeButtonRow: Component, Equatable {
    var index: Int
    var button: Bool

    func render(_ context: ComponentContext<MaybeButtonRow>) -> [Element] {
        button ? [.button("b\(index)", onPress: nil, key: .string("b\(index)"))] : [.text("t\(index)")]
    }
}

extension ScrollComponentRowsTests {
    static func app(buttonRows: Set<Int>, count: Int = 40) -> Element {
        .column(children: [
            .button("top", onPress: nil, key: "top"),
            .scroll(
                ["height": 3, "focusable": false],
                children: (1...count).map { MaybeButtonRow(index: $0, button: buttonRows.contains($0)).element(key: .int($0)) }),
        ])
    }

    @Test func focusLeavingARemovedButtonGoesOnPastRowsThatWait() {
        let harness = HostHarness(width: 10, height: 4, Self.app(buttonRows: [1, 30]))
        harness.press("tab")
        #expect(harness.focusedKey == "b1")
        // The focused button goes; the next focusable is in row 30, which waits.
        harness.mount(Self.app(buttonRows: [30]))
        expectScreen(harness, ["[ top ]", "t28", "t29", "[ b30 ]"])
        #expect(harness.focusedKey == "b30")
    }

    @Test func focusLeavingTheLastButtonGoesBackWhenTheRowsAfterItHoldNone() {
        let harness = HostHarness(width: 10, height: 4, Self.app(buttonRows: [2, 3]))
        harness.press("tab", "tab")
        #expect(harness.focusedKey == "b3")
        // The rows after it wait and hold no button: focus goes to the one before.
        harness.mount(Self.app(buttonRows: [2]))
        expectScreen(harness, ["[ top ]", "t1", "[ b2 ]", "t3"])
        #expect(harness.focusedKey == "b2")
    }
}
