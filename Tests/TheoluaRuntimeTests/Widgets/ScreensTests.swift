import Testing
import TheoluaCanvas
import TheoluaCore
import TheoluaWidgets

@testable import TheoluaRuntime

/// `ui.screens` and `ui.navigation`: a stack of screens, each keeping its state while
/// covered, with push, pop, replace, reset and back (esc).
@Suite struct ScreensTests {
    static let app = """
        local ui = require("theolua")

        local Home = ui.component("Home", {
          render = function(self)
            local nav = self:use(ui.navigation)
            print("home renders")
            return ui.column {
              ui.text("home · " .. nav.depth .. " · " .. table.concat(nav.stack, ">")),
              ui.list { count = 4, itemHeight = 1, autoFocus = true,
                onActivate = function(i) nav.push("item", { n = i }) end,
                render = function(i) return ui.text("item " .. i) end },
            }
          end,
        })

        local Item = ui.component("Item", {
          props = { n = "integer" },
          initialState = function() return { clicks = 0 } end,
          render = function(self)
            local nav = self:use(ui.navigation)
            return ui.column {
              ui.text("item " .. self.props.n .. " · " .. self.state.clicks .. " · " .. nav.top),
              ui.button { "click", autoFocus = true, onPress = self:handler("click") },
              ui.button { "next", onPress = function() nav.push("item", { n = self.props.n + 1 }) end },
              ui.button { "swap", onPress = function() nav.replace("item", { n = 99 }) end },
              ui.button { "home", onPress = function() nav.reset("home") end },
            }
          end,
          actions = { click = function(self) self:updateState(function(s) return { clicks = s.clicks + 1 } end) end },
        })

        return ui.component("App", {
          initialState = function() return { log = "" } end,
          render = function(self)
            return ui.column {
              ui.screens { initial = "home", grow = 1, onChange = self:handler("changed"),
                render = function(name, params)
                  if name == "home" then return Home {} end
                  return Item { n = params.n }
                end },
              ui.text(self.state.log),
            }
          end,
          actions = { changed = function(self, stack) self:updateState({ log = table.concat(stack, ">") }) end },
        })
        """

    @Test func enterPushesAScreenAndEscGoesBackToTheOneBelowAsItWas() throws {
        let app = try LuaApp(Self.app, width: 24, height: 7)
        app.press("down down enter")
        expectScreen(app, ["item 3 · 0 · item", "[ click ]", "[ next ]", "[ swap ]", "[ home ]", "", "home>item"])
        app.press("enter enter")
        expectScreen(app, ["item 3 · 2 · item", "[ click ]", "[ next ]", "[ swap ]", "[ home ]", "", "home>item"])
        app.press("esc")
        expectScreen(app, ["home · 1 · home", "item 1", "item 2", "item 3", "item 4", "", "home"])
        // The list kept its selection, and has focus again.
        app.press("down enter")
        expectScreen(app, ["item 4 · 0 · item", "[ click ]", "[ next ]", "[ swap ]", "[ home ]", "", "home>item"])
        #expect(app.errors() == [])
    }

    @Test func aCoveredScreenKeepsItsStateAndFocusAndIsNotRenderedWhileCovered() throws {
        let app = try LuaApp(Self.app, width: 24, height: 7)
        app.press("enter enter enter")  // item 1, clicked twice
        app.press("tab enter")  // next: item 2 over item 1
        #expect(app.lines[0] == "item 2 · 0 · item")
        _ = app.takeLogs()
        app.press("enter enter enter")
        #expect(app.takeLogs() == [], "home, covered, does not render")
        app.press("esc")
        // item 1 as it was, its focus on "next" again: enter pushes item 2 anew.
        expectScreen(app, ["item 1 · 2 · item", "[ click ]", "[ next ]", "[ swap ]", "[ home ]", "", "home>item"])
        app.press("enter")
        #expect(app.lines[0] == "item 2 · 0 · item")
        #expect(app.lines[6] == "home>item>item")
    }

    @Test func replaceAndResetChangeTheStack() throws {
        let app = try LuaApp(Self.app, width: 24, height: 7)
        app.press("enter tab enter")
        #expect(app.lines[6] == "home>item>item")
        app.press("tab tab enter")  // swap: item 99 replaces item 2
        #expect(app.lines[0] == "item 99 · 0 · item")
        #expect(app.lines[6] == "home>item>item")
        app.press("esc")
        #expect(app.lines[0] == "item 1 · 0 · item")
        app.press("tab tab enter")  // from next (focus came back to it): home, alone on the stack
        #expect(app.lines[0] == "home · 1 · home")
        #expect(app.lines[6] == "home")
        #expect(app.errors() == [])
    }

    @Test func escOnTheFirstScreenPassesOn() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("App", {
              initialState = function() return { last = "none" } end,
              render = function(self)
                return ui.column { onKey = self:handler("key"),
                  ui.screens { initial = "only", render = function() return ui.input { value = "", autoFocus = true } end },
                  ui.text(self.state.last) }
              end,
              actions = { key = function(self, e) self:updateState({ last = e.name }) return true end },
            })
            """, width: 10, height: 2)
        app.press("esc")
        #expect(app.lines[1] == "esc")
    }

    @Test func theHelpListsBack() throws {
        let app = try LuaApp(Self.app, width: 60, height: 12)
        app.press("enter")
        let groups = app.runtime.host.helpGroups
        #expect(groups.contains { group in group.bindings.contains { $0.keys == ["esc"] && $0.label == "back" } })
        app.press("esc")
        #expect(!app.runtime.host.helpGroups.contains { $0.bindings.contains { $0.keys == ["esc"] } })
    }

    @Test func anySizeDrawsWithoutErrors() throws {
        for (width, height) in [(1, 1), (2, 1), (3, 2), (7, 3), (13, 5), (41, 9)] {
            let app = try LuaApp(Self.app, width: width, height: height)
            app.press("enter tab enter esc")
            #expect(app.errors() == [], "\(width)x\(height)")
            #expect(app.runtime.text.split(separator: "\n", omittingEmptySubsequences: false).count == height)
        }
    }

    @Test func swiftHostsNavigateWithNavigation() throws {
        struct Page: Component {
            var title: String
            func render(_ context: ComponentContext<Page>) -> [Element] {
                let navigation = Navigation(context.use(ScreensDefinition.navigation))
                return [
                    .text("\(title) (\(navigation.stack.joined(separator: ">")))"),
                    .button("deeper", onPress: navigation.push("page", .string(title + "+"))),
                ]
            }
        }
        let runtime = try Runtime(width: 20, height: 2)
        runtime.mount(
            .screens(initial: "page", params: "a") { _, params in Page(title: params.stringValue ?? "?").element() })
        try runtime.send(keys: "enter enter")
        #expect(runtime.lines == ["a++ (page>page>page)", "[ deeper ]"])
        try runtime.send(keys: "esc")
        #expect(runtime.lines == ["a+ (page>page)", "[ deeper ]"])
    }

    @Test func aWrongPropIsAnErrorWithASuggestion() throws {
        let failure = luaFailure(
            """
            local ui = require("theolua")
            return ui.screens { inital = "home", render = function() return ui.text "x" end }
            """)
        #expect(failure?.contains("unknown prop 'inital' (did you mean 'initial'?)") == true, "\(failure ?? "")")
    }
}
