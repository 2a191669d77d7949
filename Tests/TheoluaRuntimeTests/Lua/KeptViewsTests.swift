import Testing
import TheoluaCore

@testable import TheoluaRuntime

/// `self.props` and `self.state` read again in one call into Lua give the view made
/// for the first read, and a view gives a field it gave before from its own table
/// (theolua_views.c): what a script reads must still be the props and state of now.
@Suite struct KeptViewsTests {
    @Test func aCallReadsItsOwnStateAndTheNextCallTheNewOne() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("App", {
              initialState = function() return { n = 0, items = { { t = "a" }, { t = "b" } } } end,
              render = function(self)
                local total, letters = 0, ""
                for i = 1, 50 do
                  total = total + self.state.n
                  letters = letters .. self.state.items[1 + i % 2].t
                end
                return ui.column {
                  onKey = function(key)
                    local before = self.state.n
                    for _ = 1, 10 do assert(self.state.n == before) end
                    self:updateState(function(s) return { n = s.n + 1, items = { { t = "c" .. s.n }, s.items[1] } } end)
                    print("key " .. before .. " " .. self.state.n .. " " .. self.state.items[2].t)
                    return true
                  end,
                  ui.text("n " .. self.state.n .. " sum " .. total),
                  ui.text(letters:sub(1, 6)),
                }
              end,
            })
            """, width: 20, height: 2)
        #expect(app.lines == ["n 0 sum 0", "bababa"])
        app.press("x")
        app.press("x")
        #expect(app.takeLogs() == ["key 0 0 b", "key 1 1 a"], "a handler sees the state it was called with")
        #expect(app.lines == ["n 2 sum 100", "c0c1c0"])
        #expect(app.errors().isEmpty)
    }

    @Test func manySelvesReadInOneCallEachGiveTheirOwnProps() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local selves = {}
            local Row = ui.component("Row", {
              props = { slot = "integer", value = "integer" },
              render = function(self)
                selves[self.props.slot] = self
                return ui.text(tostring(self.props.value))
              end,
            })
            return ui.component("App", {
              initialState = function() return { shift = 0 } end,
              render = function(self)
                local rows = {}
                for slot = 1, 40 do rows[slot] = Row { key = slot, slot = slot, value = slot * 10 + self.state.shift } end
                return ui.column {
                  onKey = function(key)
                    if key.name == "s" then
                      self:updateState(function(s) return { shift = s.shift + 1 } end)
                      return true
                    end
                    local wrong = 0
                    for _ = 1, 3 do
                      for slot, row in pairs(selves) do
                        if row.props.value ~= slot * 10 + self.state.shift or row.props.slot ~= slot then
                          wrong = wrong + 1
                        end
                      end
                    end
                    print("checked " .. #selves .. ", wrong " .. wrong)
                    return true
                  end,
                  ui.row(rows),
                }
              end,
            })
            """, width: 20, height: 2)
        app.press("x")
        app.press("s")
        app.press("x")
        app.press("s")
        app.press("s")
        app.press("x")
        #expect(app.takeLogs() == ["checked 40, wrong 0", "checked 40, wrong 0", "checked 40, wrong 0"])
        #expect(app.lines.first?.hasPrefix("13") == true)
        #expect(app.errors().isEmpty)
    }

    @Test func aStateReadAfterAnotherCallChangedItIsTheNewOne() throws {
        // The parent's handler updates the child's state through the child's `self`; the
        // next handler, a later call, reads the new state through the same `self`.
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local child
            local Counter = ui.component("Counter", {
              initialState = function() return { n = 0 } end,
              render = function(self)
                child = self
                return ui.text("n " .. self.state.n)
              end,
            })
            return ui.component("App", {
              render = function(self)
                return ui.column {
                  onKey = function(key)
                    local seen = child.state.n
                    child:updateState(function(s) return { n = s.n + 1 } end)
                    print("before " .. seen .. " now " .. child.state.n)
                    return true
                  end,
                  Counter {},
                }
              end,
            })
            """, width: 20, height: 1)
        app.press("x")
        app.press("x")
        #expect(app.takeLogs() == ["before 0 now 0", "before 1 now 1"])
        #expect(app.lines == ["n 2"])
        #expect(app.errors().isEmpty)
    }

    @Test func aSelfAndViewsReadOftenAreReadFromTablesAndStayWhatTheyWere() throws {
        // Read this often, a `self` and a view get metatables of their own whose
        // `__index` is a table (theolua_views.c): each call must still read its own
        // state, and the `self` and views must still behave as before in every way.
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("App", {
              initialState = function() return { n = 0, list = { "a", "b", "c" } } end,
              render = function(self)
                local total = 0
                for _ = 1, 100 do total = total + self.state.n + #self.state.list end
                local keys = {}
                for key in pairs(self.state) do keys[#keys + 1] = key end
                table.sort(keys)
                local again = 0
                for _ = 1, 100 do again = again + self.state.n end
                return ui.column {
                  onKey = function(key)
                    for _ = 1, 40 do assert(self.state.n == total / 100 - #self.state.list) end
                    local ok, err = pcall(function() self.state.n = 5 end)
                    print(self.state.n, self.state.list[2], #self.state.list, self.state.missing,
                      getmetatable(self) == getmetatable(self), tostring(self),
                      ok, err:match("state is read%-only") ~= nil)
                    self:updateState(function(s) return { n = s.n + 1, list = { "x", s.list[1] } } end)
                    return true
                  end,
                  ui.text(total .. " " .. again .. " " .. table.concat(keys, ",")),
                }
              end,
            })
            """, width: 30, height: 2)
        #expect(app.lines.first == "300 0 list,n")
        app.press("x")
        #expect(app.lines.first == "300 100 list,n")
        app.press("x")
        #expect(app.lines.first == "400 200 list,n")
        #expect(
            app.takeLogs() == [
                "0\tb\t3\tnil\ttrue\tcomponent App\tfalse\ttrue",
                "1\ta\t2\tnil\ttrue\tcomponent App\tfalse\ttrue",
            ])
        #expect(app.errors().isEmpty)
    }
}
