import Testing
import TheoluaCanvas
import TheoluaCore

/// Hit testing, focus and presses by click, onClick and onMouse bubbling, drags held by
/// what was pressed, and the wheel.
@Suite struct MouseRoutingTests {
    /// `[ a ][ b ]` on the first row, then a box with a border holding a text.
    private func twoButtonsAndABox(_ log: CallLog, outerReturns: Value = .null) -> HostHarness {
        HostHarness(
            width: 20, height: 5,
            .box(
                ["onClick": .handler(log.handler("outer", returning: outerReturns))],
                children: [
                    .row(children: [
                        .button("a", onPress: log.handler("press a"), key: "a"),
                        .button("b", onPress: log.handler("press b"), key: "b"),
                    ]),
                    .box(
                        [
                            "border": "single", "width": 8, "height": 3,
                            "onClick": .handler(log.handler("inner")),
                            "onMouse": .handler(log.handler("mouse")),
                        ],
                        children: [.text("hi")]),
                ]))
    }

    @Test func aClickFocusesAndPressesTheButtonUnderIt() {
        let log = CallLog()
        let harness = twoButtonsAndABox(log)
        #expect(harness.focusedKey == "a")
        harness.mouse("click:6,0")
        #expect(log.take() == ["outer click:left@6,0", "press b"])
        #expect(harness.focusedKey == "b")
        harness.mouse("click:1,0")
        #expect(log.take() == ["outer click:left@1,0", "press a"])
        #expect(harness.focusedKey == "a")
    }

    @Test func onClickBubblesFromTheInnermostBoxWithCoordinatesInEachBoxsCells() {
        let log = CallLog()
        let harness = twoButtonsAndABox(log)
        harness.mouse("click:2,2")
        #expect(
            log.take() == [
                "mouse press:left@2,1", "mouse release:left@2,1", "inner click:left@2,1", "outer click:left@2,2",
            ])
        harness.mouse("click:right@1,2")
        #expect(
            log.take() == [
                "mouse press:right@1,1", "mouse release:right@1,1", "inner click:right@1,1",
                "outer click:right@1,2",
            ])
    }

    @Test func aHandlerReturningTrueStopsTheClickAndWhatTheButtonWouldDo() {
        let log = CallLog()
        let harness = twoButtonsAndABox(log, outerReturns: true)
        harness.mouse("click:6,0")
        #expect(log.take() == ["outer click:left@6,0"])
        // The press still focused it: focus comes with the press, the click after.
        #expect(harness.focusedKey == "b")
    }

    @Test func onMouseReturningTrueOnAPressKeepsFocusWhereItIs() {
        let log = CallLog()
        let harness = HostHarness(
            .box(children: [
                .button("a", onPress: nil, key: "a"),
                .button("b", onPress: nil, ["onMouse": .handler(log.handler("b", returning: true))], key: "b"),
            ]))
        harness.mouse("mousedown:1,1")
        #expect(log.take() == ["b press:left@1,0"])
        #expect(harness.focusedKey == "a")
    }

    @Test func dragsAndTheReleaseGoToWhatThePressWasOnAndTheClickToWhatIsUnderBoth() {
        let log = CallLog()
        let harness = twoButtonsAndABox(log)
        harness.mouse("mousedown:2,2 drag:5,2 drag:12,4 mouseup:12,4")
        #expect(
            log.take() == [
                "mouse press:left@2,1", "mouse drag:left@5,1", "mouse drag:left@12,3", "mouse release:left@12,3",
                "outer click:left@12,4",
            ])
        // Pressed on b, released on a: the click goes to what is under both, the row.
        harness.mouse("mousedown:6,0 mouseup:1,0")
        #expect(log.take() == ["outer click:left@1,0"])
    }

    @Test func theBorderAndTheCellsOutsideEveryBoxHitNothingInside() {
        let log = CallLog()
        let harness = twoButtonsAndABox(log)
        harness.mouse("click:0,2")
        #expect(
            log.take() == [
                "mouse press:left@0,1", "mouse release:left@0,1", "inner click:left@0,1", "outer click:left@0,2",
            ])
        harness.mouse("click:15,3")
        #expect(log.take() == ["outer click:left@15,3"])
        harness.mouse("click:30,30")
        #expect(log.take().isEmpty)
    }

    @Test func theWheelScrollsTheScrollUnderThePointerFocusedOrNot() {
        let rows = (1...20).map { Element.text("row \($0)", key: .int($0)) }
        let harness = HostHarness(
            width: 12, height: 4,
            .row(children: [
                .button("x", onPress: nil),
                .scroll(["height": 4, "focusable": false], children: rows),
            ]))
        expectScreen(harness, ["[ x ]row 1", "     row 2", "     row 3", "     row 4"])
        harness.mouse("wheel:down@7,1")
        expectScreen(harness, ["[ x ]row 4", "     row 5", "     row 6", "     row 7"])
        harness.mouse("wheel:up@7,1 wheel:up@7,1")
        expectScreen(harness, ["[ x ]row 1", "     row 2", "     row 3", "     row 4"])
        // Over the button, nothing scrolls.
        harness.mouse("wheel:down@1,0")
        expectScreen(harness, ["[ x ]row 1", "     row 2", "     row 3", "     row 4"])
    }

    @Test func aClickInAScrollFindsTheRowDrawnThereNotOneScrolledAway() {
        let log = CallLog()
        let rows = (1...20).map { index in
            Element.text("row \(index)", ["onClick": .handler(log.handler("row \(index)"))], key: .int(index))
        }
        let harness = HostHarness(width: 12, height: 4, .scroll(["height": 4], children: rows))
        harness.mouse("click:1,2")
        #expect(log.take() == ["row 3 click:left@1,0"])
        harness.mouse("wheel:down@1,0 click:1,2")
        #expect(log.take() == ["row 6 click:left@1,0"])
    }

    @Test func aRemovedBoxHearsNoMoreOfTheDragItWasPressedIn() {
        let log = CallLog()
        let harness = HostHarness(
            .box(
                ["onMouse": .handler(log.handler("outer"))],
                children: [
                    .box(["height": 2, "onMouse": .handler(log.handler("inner"))], children: [.text("x")])
                ]))
        harness.mouse("mousedown:0,0")
        #expect(log.take() == ["inner press:left@0,0", "outer press:left@0,0"])
        harness.mount(.box(["onMouse": .handler(log.handler("outer"))], children: []))
        harness.mouse("drag:1,0 mouseup:1,0")
        #expect(log.take() == ["outer drag:left@1,0", "outer release:left@1,0"])
    }
}
