import Testing
import TheoluaCore
import TheoluaLua
import TheoluaRuntime

/// A reload starts from the standard library, the `theolua` module and the strings'
/// metatable as they were before the first load: a bad save cannot poison later ones.
@Suite struct LuaReloadIsolationTests {
    @Test func aReloadStartsFromCleanLibrariesAndMetatables() throws {
        let runtime = try Runtime(width: 30, height: 1)
        try runtime.load(
            source: """
                local ui = require("theolua")
                local screen = ui.text "poisoned"
                kept = "kept"
                getmetatable("").__index = function() error("poisoned index") end
                string.rep = nil
                table.concat = function() error("poisoned concat") end
                ui.text = function() error("poisoned text") end
                setmetatable(_G, { __index = function(_, name) error("strict: " .. name) end })
                return screen
                """)
        try runtime.mount()
        #expect(runtime.lines == ["poisoned"])
        try runtime.load(
            source: """
                local ui = require("theolua")
                return ui.text(table.concat({ ("x"):rep(3), string.rep("y", 2), kept, tostring(undefined) }, " "))
                """)
        try runtime.mount()
        #expect(runtime.takeErrors().isEmpty)
        #expect(runtime.lines == ["xxx yy kept nil"])
    }

    @Test func nativeComponentsRegisteredAfterTheFirstLoadSurviveReloads() throws {
        let runtime = try Runtime(width: 30, height: 1)
        try runtime.load(source: "return require('theolua').text 'first'")
        try runtime.register(Gauge.self, schema: "{ value = 'number', label = 'string?' }")
        try runtime.load(source: "local ui = require('theolua') ui.Gauge = nil return ui.text 'second'")
        try runtime.load(source: "local ui = require('theolua') return ui.Gauge { value = 1, label = 'third' }")
        try runtime.mount()
        #expect(runtime.takeErrors().isEmpty)
        #expect(runtime.lines == ["third [##########]"])
    }
}
