import Testing
import TheoluaCore
import TheoluaRuntime

/// Lua's pattern functions in components: ordinary use works as in stock Lua, and a
/// pathological pattern ends as the component's budget error instead of hanging the host.
@Suite struct LuaPatternTests {
    private let exceeded = "instruction budget of 5000000 exceeded (a runaway loop? long work can run in ui.task, or raise --max-instructions)"

    @Test func ordinaryPatternUseInAComponentWorks() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local C = ui.component("Words", function()
              local line = "  key = value; other = 42  "
              local words = {}
              for k, v in line:gmatch("(%w+)%s*=%s*(%w+)") do words[#words + 1] = k .. ":" .. v end
              local trimmed = line:match("^%s*(.-)%s*$")
              local upper, n = string.gsub(trimmed, "%f[%w]%w+", function(w) return w:upper() end)
              local at = { string.find(line, "()=()") }
              return ui.column {
                table.concat(words, " "),
                upper .. " " .. n,
                math.type(at[3]) .. " " .. at[1] .. " " .. at[4],
                (("a.b.c"):gsub(".", { a = "A" }, 3)),
              }
            end)
            return C {}
            """, width: 30, height: 4)
        expectScreen(app, ["key:value other:42", "KEY = VALUE; OTHER = 42 4", "integer 7 8", "A.b.c"])
        #expect(app.errors() == [])
    }

    @Test(arguments: [
        ("Gsub", #"return (string.rep("a", 5000):gsub("(.-)%1b", "x"))"#),
        ("Gmatch", #"for _ in string.rep("a", 5000):gmatch("a*a*a*a*b") do end"#),
        ("Match", #"return string.rep("a", 5000):match("^(.*)(.*)(.*)c")"#),
    ])
    func everyPatternFunctionIsStoppedByTheBudget(name: String, body: String) throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local C = ui.component("\(name)", function()
              \(body)
            end)
            return C {}
            """, width: 80, height: 1)
        #expect(app.errors() == ["app.lua:3: \(name): \(exceeded)"])
    }

    @Test func theFullStandardLibraryGetsTheBudgetedPatternsToo() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local C = ui.component("Pattern", function()
              return tostring(string.rep("a", 5000):find(".-.-.-.-b"))
            end)
            return C {}
            """, width: 80, height: 1, allowIO: true)
        #expect(app.errors() == ["app.lua:3: Pattern: \(exceeded)"])
    }

    @Test func pcallCannotCatchAPatternsBudgetError() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local C = ui.component("Catcher", function()
              local ok = pcall(string.find, string.rep("a", 5000), ".-.-.-.-b")
              return "carried on " .. tostring(ok)
            end)
            return C {}
            """, width: 80, height: 1)
        #expect(app.errors() == ["app.lua:3: Catcher: \(exceeded)"])
    }
}
