import Foundation
import Testing

import TheoluaSystem

@testable import TheoluaRuntime

/// The `onKey` an app gives a widget that answers keys itself on its own box (tree,
/// file picker) gets the keys the widget leaves, before the ancestors' handlers, as a
/// box's `onKey` does; the widget's own keys stay its own.
@Suite struct WidgetOnKeyTests {
    static let app = """
        local ui = require("theolua")
        return ui.component("App", {
          initialState = function() return { heard = "none" } end,
          render = function(self)
            local function hear(widget)
              return function(key)
                if key.name == "x" then self:updateState({ heard = widget .. " x" }) return true end
              end
            end
            return ui.column {
              onKey = function(key)
                if key.name == "y" then self:updateState({ heard = "column y" }) return true end
              end,
              ui.tree { onKey = hear("tree"), nodes = { { id = "a", label = "a" } } },
              ui.filePicker { root = ".", onKey = hear("picker") },
              ui.text(self.state.heard),
            }
          end,
        })
        """

    @Test func aWidgetsOnKeyHearsTheKeysItLeavesBeforeTheAncestors() throws {
        let app = try LuaApp(Self.app, width: 20, height: 12, permissions: Permissions(read: .all))
        var heard: [String] = []
        func lastLine() -> String {
            app.lines.reversed().first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
        }
        for step in ["x", "y", "right", "tab x", "tab y"] {
            app.press(step)
            heard.append(lastLine().trimmingCharacters(in: .whitespaces))
        }
        // `right` is the tree's own (a leaf: nothing to expand, and the key stops there).
        #expect(heard == ["tree x", "column y", "column y", "picker x", "column y"])
        #expect(app.errors() == [])
    }
}
