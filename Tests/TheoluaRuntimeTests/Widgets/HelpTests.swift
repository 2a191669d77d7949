import Testing
import TheoluaCanvas
import TheoluaCore

@testable import TheoluaRuntime

/// `ui.help`: F1 shows every key binding in reach, grouped by who answers it.
@Suite struct HelpTests {
    static func app(help: Bool = true, f1: Bool = false) -> String {
        """
        local ui = require("theolua")
        return ui.component("App", {
          initialState = function() return { text = "", keys = 0 } end,
          render = function(self)
            return ui.column { keys = { { "ctrl+s", "save" } }, onKey = self:handler("key"),
              ui.input { id = "name", value = self.state.text, onChange = self:handler("edit"), width = 10 },
              ui.text("keys " .. self.state.keys),
              \(help ? "ui.help {}," : "")
            }
          end,
          actions = {
            edit = function(self, v) self:updateState(function(s) return { text = v, keys = s.keys } end) end,
            key = function(self, key)
              \(f1 ? "if key.name == 'f1' then self:updateState(function(s) return { text = 'f1!', keys = s.keys } end) return true end" : "")
              self:updateState(function(s) return { text = s.text, keys = s.keys + 1 } end)
            end,
          },
        })
        """
    }

    @Test func f1ListsTheAppsKeysThenTheWidgetsOwn() throws {
        let app = try LuaApp(Self.app(), width: 50, height: 30)
        app.press("f1")
        let text = app.runtime.text
        #expect(text.contains("╭─ Keys"))
        let lines = app.lines
        #expect(lines.contains { $0.contains("ctrl+s") && $0.contains("save") })
        #expect(lines.contains { $0.contains("│ name") })
        #expect(lines.contains { $0.contains("ctrl+left, alt+b") && $0.contains("move a word left") })
        let save = lines.firstIndex { $0.contains("save") } ?? 99
        let name = lines.firstIndex { $0.contains("│ name") } ?? -1
        #expect(save < name, "the app's keys come first")
    }

    @Test func anyKeyOrAPressClosesItAndReachesNothing() throws {
        let app = try LuaApp(Self.app(), width: 40, height: 12)
        app.press("f1 x")
        #expect(!app.runtime.text.contains("Keys"))
        #expect(!app.runtime.text.contains("x"))
        app.press("f1 click:1,1")
        #expect(!app.runtime.text.contains("Keys"))
        app.press("y")
        #expect(app.runtime.text.contains("y"), "keys reach the app again")
    }

    @Test func withoutUiHelpOrWhenTheAppAnswersF1ItStaysShut() throws {
        let without = try LuaApp(Self.app(help: false), width: 40, height: 12)
        without.press("f1")
        #expect(!without.runtime.text.contains("Keys"))
        let answering = try LuaApp(Self.app(f1: true), width: 40, height: 12)
        answering.press("f1")
        #expect(!answering.runtime.text.contains("Keys"))
        #expect(answering.runtime.text.contains("f1!"))
    }

    @Test func escClosesItEvenWithAToastShown() throws {
        let app = try LuaApp(Self.app(), width: 40, height: 12)
        app.runtime.notify("hello", timeout: nil)
        app.press("f1")
        #expect(app.runtime.text.contains("Keys"))
        app.press("esc")
        #expect(!app.runtime.text.contains("Keys"))
        #expect(app.runtime.notifications.count == 1)
    }

    @Test func aSmallScreenCutsTheListWithAMark() throws {
        let app = try LuaApp(Self.app(), width: 30, height: 6)
        app.press("f1")
        #expect(app.lines[4].contains("…"))
        for (width, height) in [(1, 1), (3, 2), (5, 3), (80, 24)] {
            let small = try LuaApp(Self.app(), width: width, height: height)
            small.press("f1")
            #expect(small.errors() == [], "\(width)x\(height)")
        }
    }
}
