import Testing
import TheoluaCore
import TheoluaLua
import TheoluaRuntime

/// The Lua heap at its cap: what the host pushes never raises a memory error outside a
/// protected call, and an allocation saved by the emergency collector leaves no trace.
@Suite struct LuaMemoryPressureTests {
    static let sixteenMiB = ScriptLimits(memoryBytes: 16 << 20, instructions: 50_000_000)

    @Test func pressingAButtonWithTheHeapAtItsCapIsAScriptErrorNotACrash() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            keep = {}
            return ui.component("App", {
              render = function(self)
                return ui.box { onKey = self:handler("fill"),
                  ui.button { "go", onPress = self:handler("go", string.rep("a", 1 << 20)) } }
              end,
              actions = {
                fill = function(self, key)
                  if key.name ~= "x" then return false end
                  pcall(function() while true do keep[#keep + 1] = string.rep("x", 4000) .. #keep end end)
                  return true
                end,
                go = function(self, arg) print("pressed", #arg) end,
              },
            })
            """, limits: Self.sixteenMiB)
        app.press("x enter")
        let errors = app.errors()
        // Either the collector made room for the argument, or the press is a memory error.
        #expect(errors.allSatisfy { $0.contains("memory limit of 16 MiB exceeded") }, "\(errors)")
        #expect(errors.isEmpty == (app.takeLogs() == ["pressed\t1048576"]))
        #expect(app.lines.first == "[ go ]")
    }

    @Test func anErrorAfterAnAllocationTheCollectorSavedIsReportedAsItself() throws {
        let failure = luaFailure(
            """
            local ui = require("theolua")
            return ui.component("App", { render = function(self)
              local junk = {}
              for i = 1, 90 do junk[i] = string.rep("y", 100000) .. i end
              junk = nil
              local big = string.rep("z", 4 * 1024 * 1024)
              error("ordinary")
            end })
            """, limits: Self.sixteenMiB)
        #expect(failure == "app.lua:7: App: ordinary")
    }
}
