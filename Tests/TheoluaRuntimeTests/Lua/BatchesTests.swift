import Synchronization
import Testing
import TheoluaCore
import TheoluaRuntime

/// Elements, handlers and views hand their Swift objects to batches, released together
/// when the last userdata of a batch is collected (theolua_batches.c): nothing is
/// released while a script can still reach it, and everything is once it cannot.
@Suite struct BatchesTests {
    /// How many `Tracked` objects are alive.
    final class Census: Sendable {
        let live = Atomic(0)
        var count: Int { live.load(ordering: .relaxed) }
    }

    final class Tracked: Sendable {
        let census: Census
        init(_ census: Census) {
            self.census = census
            census.live.add(1, ordering: .relaxed)
        }
        deinit { census.live.subtract(1, ordering: .relaxed) }
    }

    /// A Swift component whose elements each hold one `Tracked`.
    struct Held: Component {
        let tracked: Tracked
        static func == (a: Held, b: Held) -> Bool { a.tracked === b.tracked }
        func render(_ context: ComponentContext<Held>) -> [Element] { [] }
    }

    /// A runtime whose scripts can make `ui.Held {}`.
    static func runtime(_ census: Census) throws -> Runtime {
        let runtime = try Runtime(width: 40, height: 5)
        try runtime.bridge.registerNativeComponent(named: "Held", schema: nil) { _, key in
            Held(tracked: Tracked(census)).element(key: key)
        }
        return runtime
    }

    @Test func elementsAreReleasedOnceNoScriptReachesThem() throws {
        let census = Census()
        let runtime = try Self.runtime(census)
        // Several batches' worth, some kept in a global.
        try runtime.runScript(
            source: """
                local ui = require("theolua")
                kept = {}
                for i = 1, 3000 do
                  local e = ui.Held {}
                  if i % 1000 == 0 then kept[#kept + 1] = e end
                end
                collectgarbage()
                collectgarbage()
                """)
        // A kept element keeps its batch, and so its neighbours; the rest are released.
        // (Kept elements a thousand apart leave whole batches between them, wherever
        // the batches start.)
        #expect(census.count >= 3)
        #expect(census.count <= 3 * 256)
        try runtime.runScript(source: "kept = nil; collectgarbage(); collectgarbage()")
        #expect(census.count == 0)
    }

    @Test func aKeptElementStaysUsableAcrossCollections() throws {
        let runtime = try Runtime(width: 20, height: 2)
        try runtime.load(
            source: """
                local ui = require("theolua")
                local kept = ui.text "kept"
                for i = 1, 2000 do local _ = ui.text("dropped " .. i) end
                collectgarbage()
                collectgarbage()
                return ui.column { kept }
                """)
        try runtime.mount()
        #expect(runtime.lines == ["kept", ""])
    }

    @Test func elementsKeptThroughRoundsOfCollectedBatchesStayWhole() throws {
        let census = Census()
        let runtime = try Self.runtime(census)
        // Rounds of batches of every size (a pass's first batches are small) made and
        // collected, one element of each round kept: the kept ones are whole.
        try runtime.load(
            source: """
                local ui = require("theolua")
                local kept = {}
                for round = 1, 5 do
                  for i = 1, 300 do
                    local _ = ui.Held {}
                    local _ = ui.text("dropped " .. i)
                  end
                  kept[round] = ui.text("kept " .. round)
                  collectgarbage()
                  collectgarbage()
                end
                held = ui.Held {}
                return ui.column { kept, held }
                """)
        try runtime.mount()
        #expect(runtime.lines == ["kept 1", "kept 2", "kept 3", "kept 4", "kept 5"])
        // Each kept element keeps at most its batch's other elements.
        #expect(census.count <= 6 * 256)
    }

    @Test func theObjectsOfUnmountedRendersAreReleased() throws {
        let census = Census()
        let runtime = try Self.runtime(census)
        try runtime.load(
            source: """
                local ui = require("theolua")
                local Row = ui.component("Row", {
                  props = { index = "integer", n = "integer" },
                  render = function(self)
                    return ui.row {
                      ui.button { "row " .. self.props.index, onPress = self:handler("press") },
                      ui.text(self.props.index .. " of " .. self.props.n),
                      ui.Held {},
                    }
                  end,
                  actions = { press = function() end },
                })
                return ui.component("List", {
                  initialState = function() return { n = 300 } end,
                  render = function(self)
                    local rows = {}
                    for i = 1, self.state.n do rows[i] = Row { key = i, index = i, n = self.state.n } end
                    return ui.column { rows }
                  end,
                })
                """)
        try runtime.mount()
        // Mounted elements are the reconciler's; once unmounted, nothing holds them.
        #expect(census.count == 300)
        runtime.unmount()
        try runtime.runScript(source: "collectgarbage(); collectgarbage()")
        #expect(census.count == 0)
        #expect(runtime.takeErrors() == [])
    }
}
