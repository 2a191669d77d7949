import Testing
import TheoluaCanvas
import TheoluaCore
import TheoluaWidgets

@testable import TheoluaRuntime

/// `ui.tree`: nodes with children inline or loaded when first expanded, expanded and
/// collapsed by keys and clicks, only the rows around the selection rendered.
@Suite struct TreeTests {
    static let app = """
        local ui = require("theolua")
        local loads = 0
        return ui.component("App", {
          initialState = function() return { last = "none" } end,
          render = function(self)
            return ui.column {
              ui.tree { grow = 1, expanded = { "src" },
                onActivate = function(node) self:updateState({ last = "open " .. node.id }) end,
                onToggle = function(node, open) self:updateState({ last = node.id .. (open and " +" or " -") }) end,
                nodes = {
                  { id = "src", label = "src", children = {
                    { id = "src/main.lua", label = "main.lua" },
                    { id = "src/lib", label = "lib", branch = true },
                  } },
                  { id = "docs", label = "docs", branch = true },
                  { id = "README.md", label = "README.md" },
                },
                children = function(node)
                  loads = loads + 1
                  print("load " .. node.id)
                  return { { id = node.id .. "/a", label = "a" }, { id = node.id .. "/b", label = "b", branch = true } }
                end },
              ui.text(self.state.last),
            }
          end,
        })
        """

    @Test func rowsShowTheExpandedBranchesIndented() throws {
        let app = try LuaApp(Self.app, width: 16, height: 6)
        expectScreen(app, ["▾ src", "    main.lua", "  ▸ lib", "▸ docs", "  README.md", "none"])
        #expect(app.takeLogs() == [], "nothing is loaded before a branch is expanded")
    }

    @Test func rightExpandsAndLoadsOnceLeftCollapsesOrGoesUp() throws {
        let app = try LuaApp(Self.app, width: 16, height: 8)
        app.press("down down right")
        expectScreen(app, ["▾ src", "    main.lua", "  ▾ lib", "      a", "    ▸ b", "▸ docs", "  README.md", "src/lib +"])
        #expect(app.takeLogs() == ["load src/lib"])
        app.press("right down left")  // into lib, to b, then back up to lib
        app.press("left")  // collapse lib
        expectScreen(app, ["▾ src", "    main.lua", "  ▸ lib", "▸ docs", "  README.md", "", "", "src/lib -"])
        app.press("space")  // expand again: the children are read anew
        #expect(app.takeLogs() == ["load src/lib"])
        #expect(app.errors() == [])
    }

    @Test func enterActivatesALeafAndToggleABranchWithoutOnActivate() throws {
        let app = try LuaApp(Self.app, width: 20, height: 6)
        app.press("down enter")
        #expect(app.lines[5] == "open src/main.lua")
        let plain = try LuaApp(
            """
            local ui = require("theolua")
            return ui.tree { nodes = { { id = 1, label = "one", children = { { id = 2, label = "two" } } } } }
            """, width: 10, height: 2)
        plain.press("enter")
        expectScreen(plain, ["▾ one", "    two"])
        plain.press("enter")
        expectScreen(plain, ["▸ one", ""])
    }

    @Test func clicksSelectActivateAndToggle() throws {
        let app = try LuaApp(Self.app, width: 20, height: 6)
        try app.runtime.send(keys: "click:0,3")  // the ▸ of docs
        expectScreen(app, ["▾ src", "    main.lua", "  ▸ lib", "▾ docs", "    a", "docs +"])
        try app.runtime.send(keys: "click:6,1 click:6,1")  // select main.lua, then activate it
        #expect(app.lines[5] == "open src/main.lua")
    }

    @Test func aDeepTreeScrollsToKeepTheSelectionInView() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local function nodes(parent)
              local out = {}
              for k = 1, 5 do
                if parent == nil then out[k] = { id = k, label = "f" .. k, branch = true }
                else out[k] = { id = parent.id * 10 + k, label = parent.label .. "." .. k, branch = parent.id < 100 } end
              end
              return out
            end
            return ui.tree { nodes = nodes(nil), children = nodes, expanded = { 1, 11, 12, 2 } }
            """, width: 14, height: 4)
        // A page is the rows in view but one: two pages and a row down is row 7, f1.2.
        app.press("pagedown pagedown down")
        expectScreen(app, ["    ▸ f1.1.3", "    ▸ f1.1.4", "    ▸ f1.1.5", "  ▾ f1.2"])
        #expect(app.runtime.screen[4, 3].style.attributes.contains(.inverse), "the selection is drawn")
        app.press("end")
        expectScreen(app, ["  ▸ f2.5", "▸ f3", "▸ f4", "▸ f5"], "end shows the last row")
        app.press("up up")
        #expect(app.runtime.screen[2, 1].style.attributes.contains(.inverse))
    }

    @Test func aMillionNodesWithThousandsExpandedRenderOnlyWhatIsInReach() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local expanded = {}
            for i = 1, 100 do
              expanded[#expanded + 1] = i
              for j = 1, 100 do expanded[#expanded + 1] = i * 1000 + j end
            end
            local function nodes(parent)
              print("load " .. (parent and parent.id or "top"))
              local out = {}
              for k = 1, 100 do
                if parent == nil then out[k] = { id = k, label = "folder " .. k, branch = true }
                elseif parent.id < 1000 then out[k] = { id = parent.id * 1000 + k, label = "sub " .. k, branch = true }
                else out[k] = { id = parent.id * 1000 + k, label = "file " .. k } end
              end
              return out
            end
            return ui.tree { nodes = nodes(nil), children = nodes, expanded = expanded }
            """, width: 20, height: 4, limits: ScriptLimits(memoryBytes: 256 << 20, instructions: 50_000_000))
        expectScreen(app, ["▾ folder 1", "  ▾ sub 1", "      file 1", "      file 2"])
        // 10,100 nodes are expanded; what was read is what the screen reaches.
        #expect(app.takeLogs() == ["load top", "load 1", "load 1001"])
        app.press("end")
        expectScreen(app, ["      file 97", "      file 98", "      file 99", "      file 100"])
        #expect(app.takeLogs() == ["load 100", "load 100100"])
        #expect(app.errors() == [])
    }

    @Test func anySizeDrawsWithoutErrors() throws {
        for (width, height) in [(1, 1), (2, 1), (3, 2), (7, 3), (13, 5), (41, 9)] {
            let app = try LuaApp(Self.app, width: width, height: height)
            app.press("down down right right down left left end home")
            #expect(app.errors() == [], "\(width)x\(height)")
            #expect(app.runtime.text.split(separator: "\n", omittingEmptySubsequences: false).count == height)
        }
    }

    @Test func nodesWithoutIdsOrWithTheSameIdAreErrors() throws {
        let missing = try LuaApp(
            """
            local ui = require("theolua")
            return ui.tree { nodes = { { label = "x" } } }
            """, width: 30, height: 2)
        #expect(missing.errors().first?.contains("ui.tree: a node needs an id") == true, "\(missing.errors())")
        let twice = try LuaApp(
            """
            local ui = require("theolua")
            return ui.tree { nodes = { { id = 1 }, { id = 1 } } }
            """, width: 30, height: 2)
        let errors = twice.errors()
        #expect(errors.first?.contains("ui.tree: two nodes have the id 1") == true, "\(errors)")
        #expect(errors.first?.contains("ui.tree: ui.tree") == false, "the widget is named once")
    }

    @Test func swiftHostsLoadChildrenWithAClosure() throws {
        let runtime = try Runtime(width: 20, height: 3)
        runtime.mount(
            .tree(nodes: [["id": "root", "label": "root", "branch": true]], expanded: ["root"]) { node in
                [["id": .string((node["id"]?.stringValue ?? "") + "/x"), "label": "x"]]
            })
        #expect(runtime.lines == ["▾ root", "    x", ""])
    }

    @Test func theHelpListsTheTreesKeys() throws {
        let app = try LuaApp(Self.app, width: 60, height: 12)
        let labels = app.runtime.host.helpGroups.flatMap { $0.bindings.map(\.label) }
        #expect(labels.contains("expand") && labels.contains("collapse") && labels.contains("toggle"))
    }
}
