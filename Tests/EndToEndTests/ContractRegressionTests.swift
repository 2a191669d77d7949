import Testing

/// Contract points that were once missed: the root filling the canvas, scroll keys
/// applying before the virtual time that follows, and memory errors naming a line.
@Suite struct ContractRegressionTests {
    private func render(_ source: String, _ arguments: [String]) -> ProcessResult {
        let folder = ScriptFolder()
        defer { folder.remove() }
        return runTheolua(["render", folder.write("app.lua", source)] + arguments)
    }

    /// "The root is given the whole canvas": a growing child of the app's root column
    /// should push the last line to the bottom. Today the root is content-sized.
    @Test func rootElementIsGivenTheWholeCanvas() {
        let source = """
            local ui = require("theolua")
            return ui.column { ui.text "top", ui.box { grow = 1 }, ui.text "bottom" }
            """
        let result = render(source, ["--size", "10x4"])
        #expect(result.status == 0)
        #expect(result.stdout == "top\n\n\nbottom\n")
    }

    /// Keys come before time in `render`: an `up` pressed while a following scroll has
    /// nothing to scroll must not stop it following the lines timers add later. Today
    /// scroll keys wait for the final layout and apply to the final content.
    @Test func scrollKeysApplyBeforeTheTimeThatFollows() {
        let source = """
            local ui = require("theolua")
            return ui.component("Feed", {
              initialState = function() return { n = 3 } end,
              render = function(self)
                local rows = {}
                for i = 1, self.state.n do rows[i] = ui.text { key = i, "line " .. i } end
                return ui.scroll { follow = true, height = 4, rows }
              end,
              controller = { init = function(ctl)
                ui.every(1, function() ctl:updateState(function(s) return { n = s.n + 1 } end) end)
              end },
            })
            """
        let result = render(source, ["--size", "10x4", "--keys", "up", "--time", "5"])
        #expect(result.status == 0)
        #expect(result.stdout == "line 5\nline 6\nline 7\nline 8\n")
    }

    /// "Every script error names the file and line": the memory cap's error does not.
    @Test func memoryErrorNamesTheFileAndLine() {
        let source = """
            local ui = require("theolua")
            local Bomb = ui.component("Bomb", function(props)
              local hoard = {}
              for i = 1, 1e6 do hoard[i] = string.rep("x", 1 << 20, tostring(i)) end
            end)
            return Bomb {}
            """
        let result = render(source, ["--max-memory", "8"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("app.lua:4"), "\(result.stderr)")
    }
}
