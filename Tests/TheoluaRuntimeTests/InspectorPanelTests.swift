import Testing
import TheoluaCanvas

@testable import TheoluaRuntime

/// The F11 panel's parts: the runs of cells a frame repainted, what opening and closing
/// turn on and off, and what the panel shows.
@Suite struct InspectorPanelTests {
    @Test func repaintedCellsAreFoundAsRunsPerRow() {
        let before = CellBuffer(lines: ["abcdef", "ghijkl"])
        let after = CellBuffer(lines: ["aXXdeY", "ghijkl"])
        #expect(
            Inspector.changes(from: before, to: after)
                == [Rect(x: 1, y: 0, width: 2, height: 1), Rect(x: 5, y: 0, width: 1, height: 1)])
        #expect(Inspector.changes(from: nil, to: after).count == 2)  // the first frame: every row
    }

    @Test func openingMeasuresAndClosingStops() throws {
        let runtime = try Runtime(width: 80, height: 20)
        try runtime.load(
            source: """
                local ui = require("theolua")
                local Item = ui.component("Item", { props = { n = "integer" },
                  render = function(self) return ui.text("item " .. self.props.n) end })
                return ui.column { Item { key = "a", n = 1 }, Item { key = "b", n = 2 } }
                """, name: "app.lua")
        try runtime.mount()
        #expect(!runtime.reconciler.measuresRenderTimes)
        #expect(runtime.stageClock == nil)
        var inspector = Inspector()
        inspector.toggle(runtime)
        #expect(inspector.isOpen && !inspector.keysToApp)
        #expect(runtime.reconciler.measuresRenderTimes)
        #expect(runtime.stageClock != nil)
        let frame = runtime.screen
        inspector.record(frame, previous: nil, runtime: runtime)
        let shown = inspector.draw(over: frame, runtime: runtime).lines.joined(separator: "\n")
        #expect(shown.contains("inspector"))
        #expect(shown.contains("Item #\"a\""))
        #expect(shown.contains("props { n = 1 }"))
        inspector.handle(KeyEvent(.down), runtime)
        #expect(inspector.draw(over: frame, runtime: runtime).lines.joined().contains("props { n = 2 }"))
        inspector.toggle(runtime)
        #expect(inspector.keysToApp)
        inspector.toggle(runtime)
        #expect(!inspector.isOpen)
        #expect(!runtime.reconciler.measuresRenderTimes)
        #expect(runtime.stageClock == nil)
    }

    @Test func millisecondsReadAsPeopleWriteThem() {
        #expect(Inspector.milliseconds(.microseconds(420)) == "0.42 ms")
        #expect(Inspector.milliseconds(.microseconds(3050)) == "3.05 ms")
        #expect(Inspector.milliseconds(.milliseconds(12)) == "12 ms")
    }
}

/// Lists and tables say what matters about themselves in the tree, not their closures.
@Suite struct InspectableListTests {
    @Test func aListShowsItsCountAndSelection() throws {
        let runtime = try Runtime(width: 30, height: 5)
        try runtime.load(
            source: """
                local ui = require("theolua")
                return ui.list { count = 50, selected = 3, itemHeight = 1,
                  render = function(i) return ui.text { key = i, "item " .. i } end }
                """, name: "app.lua")
        try runtime.mount()
        // A controlled selection lives in the props; the state keeps the list's own.
        #expect(
            runtime.treeText.hasPrefix(
                "list props { count = 50, follow = false, itemHeight = 1, selected = 3 } state { followsEnd = false"))
    }
}
