import Testing
import TheoluaCore
import TheoluaRuntime

/// Scripts that build unbounded structures out of many small calls, each within the
/// instruction budget: the host must survive them.
@Suite struct LuaRunawayTests {
    @Test func deeplyNestedElementsDoNotCrashTheHost() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local e = ui.text "bottom"
            for i = 1, 200 do e = ui.box { e } end
            return e
            """, height: 1)
        expectScreen(app, ["bottom"])
    }

    @Test func aComponentThatRendersItselfForeverIsAnErrorNotACrash() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Forever
            Forever = ui.component("Forever", function(props) return Forever { depth = props.depth + 1 } end)
            return Forever { depth = 0 }
            """, height: 1)
        let errors = app.errors()
        #expect(errors.count == 1)
        #expect(errors.first?.contains("Forever") == true, "\(errors)")
    }

    @Test func veryDeeplyNestedElementsAreAnErrorNotACrash() throws {
        #expect {
            _ = try LuaApp(
                """
                local ui = require("theolua")
                local e = ui.text "bottom"
                for i = 1, 100000 do e = ui.box { e } end
                return e
                """, height: 1)
        } throws: { error in
            "\(error)" == "app.lua:3: ui.box: elements nested deeper than 500 levels"
        }
    }
}
