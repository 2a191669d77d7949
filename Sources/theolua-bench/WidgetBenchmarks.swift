import TheoluaCanvas
import TheoluaCore
import TheoluaRuntime

/// The widget targets of PRODUCT.md §5, through the public `Runtime` API on a 120x40
/// screen, each frame encoded as the terminal would get it: typing into a textarea that
/// holds 10,000 lines, and opening and closing a modal dialog over a 10,000-row list.
struct WidgetBenchmarks {
    let report: BenchReport
    let quick: Bool

    func run() {
        report.line("widgets: textarea and modal layers on a 120x40 screen (public Runtime API, frames encoded)")
        do {
            try textarea()
            for dim in [false, true] { try modal(dim: dim) }
            try tree()
            try markdown()
        } catch {
            report.line("  failed: \(error)")
        }
    }

    /// A screen driven by keys, with each frame encoded against the one before.
    private final class Frames {
        let runtime: Runtime
        var previous: CellBuffer
        var encoder = FrameEncoder()
        var bytes: [Int] = []

        init(_ runtime: Runtime) {
            self.runtime = runtime
            previous = runtime.screen
        }

        func frame(after key: KeyEvent) {
            runtime.send(key)
            let screen = runtime.screen
            bytes.append(encoder.encode(from: previous, to: screen).count)
            previous = screen
        }
    }

    /// A component keeping a 10,000-line text in its state, edited by a textarea that
    /// takes the screen below a title.
    private func textarea() throws {
        let lines = 10_000
        let runtime = try Runtime(width: 120, height: 40)
        try runtime.load(
            source: """
                local ui = require("theolua")
                local lines = {}
                for i = 1, \(lines) do
                  lines[i] = "line " .. i .. ": the quick brown fox jumps over the lazy dog, " .. string.rep("x", i % 70)
                end
                return ui.component("Editor", {
                  initialState = function() return { text = table.concat(lines, "\\n") } end,
                  actions = { edit = function(self, value) self:updateState { text = value } end },
                  render = function(self)
                    return ui.column {
                      ui.text { "notes (" .. #self.state.text .. " bytes)" },
                      ui.textarea { value = self.state.text, onChange = self:handler("edit"), grow = 1,
                        border = "round" },
                    }
                  end,
                })
                """, name: "editor.lua")
        try runtime.mount()
        let frames = Frames(runtime)
        let iterations = quick ? 21 : 201
        report.line("  textarea holding \(lines) lines (about \(lines * 80 / 1000) kB), grow = 1")
        let type = KeyEvent(name: "x", text: "x")
        report.measure("    type a character (at the start)", iterations: iterations, target: "≤ 1 ms") {
            frames.frame(after: type)
        }
        for _ in 0..<(lines / 2 / 36) { frames.frame(after: KeyEvent(.pagedown)) }
        report.measure("    type a character (mid-text)", iterations: iterations, target: "≤ 1 ms") {
            frames.frame(after: type)
        }
        report.measure("    backspace", iterations: iterations, target: "≤ 1 ms") {
            frames.frame(after: KeyEvent(.backspace))
        }
        report.measure("    enter (a new line) then backspace", iterations: iterations, target: "≤ 2 ms") {
            frames.frame(after: KeyEvent(.enter))
            frames.frame(after: KeyEvent(.backspace))
        }
        report.measure("    down (the cursor moves a row)", iterations: iterations, target: "≤ 1 ms") {
            frames.frame(after: KeyEvent(.down))
        }
        report.measure("    pagedown", iterations: iterations, target: "≤ 1 ms") {
            frames.frame(after: KeyEvent(.pagedown))
        }
        frames.frame(after: KeyEvent(.end))
        frames.bytes.removeAll()
        for _ in 0..<20 { frames.frame(after: type) }
        report.line("    bytes per typed character: \(median(frames.bytes))")
    }

    /// A tree of 1,010,100 nodes (100 top-level, each with 100 children, each of those with
    /// 100 leaves) with 10,000 nodes expanded (the 100 top-level ones and 9,900 below), so
    /// about 1,000,000 rows; children are loaded by the script's `children(node)` when a
    /// node is first expanded.
    private func tree() throws {
        let source = """
            local ui = require("theolua")
            local expanded = {}
            for i = 1, 100 do
              expanded[#expanded + 1] = i
              for j = 1, 100 do
                if #expanded < 10000 then expanded[#expanded + 1] = i * 1000 + j end
              end
            end
            local function nodes(parent)
              local out = {}
              for k = 1, 100 do
                if parent == nil then
                  out[k] = { id = k, label = "folder " .. k, branch = true }
                elseif parent.id < 1000 then
                  out[k] = { id = parent.id * 1000 + k, label = "sub " .. k, branch = true }
                else
                  out[k] = { id = parent.id * 1000 + k, label = "file " .. k }
                end
              end
              return out
            end
            return ui.tree { nodes = nodes(nil), children = nodes, expanded = expanded, grow = 1 }
            """
        report.line("  tree of 1,010,100 nodes, 10,000 expanded (about 1,000,000 rows), children loaded by Lua")
        let frames = try firstFrames(
            "    first frame (load, mount, the rows in reach loaded, frame)", of: source, iterations: quick ? 3 : 7)
        let moves = quick ? 21 : 201
        report.measure("    pagedown", iterations: moves, target: "one screen") { frames.frame(after: KeyEvent(.pagedown)) }
        report.measure("    one-row move", iterations: moves, target: "one screen") { frames.frame(after: KeyEvent(.down)) }
        report.measure("    end and home", iterations: quick ? 5 : 21) {
            frames.frame(after: KeyEvent(.end))
            frames.frame(after: KeyEvent(.home))
        }
        report.measure("    collapse and expand a top-level node (its children read again)", iterations: quick ? 5 : 21) {
            frames.frame(after: KeyEvent(.home))
            frames.frame(after: KeyEvent(.left))
            frames.frame(after: KeyEvent(.right))
        }
    }

    /// Times the first frame of the app `source` on a 120x40 screen (a new runtime each
    /// time), then returns one mounted for the moves that follow.
    private func firstFrames(_ label: String, of source: String, iterations: Int) throws -> Frames {
        report.measureKeeping(label, iterations: iterations) { () -> Runtime? in
            guard let runtime = try? Runtime(width: 120, height: 40) else { return nil }
            try? runtime.load(source: source, name: "app.lua")
            try? runtime.mount()
            _ = runtime.screen
            return runtime
        }
        let runtime = try Runtime(width: 120, height: 40)
        try runtime.load(source: source, name: "app.lua")
        try runtime.mount()
        return Frames(runtime)
    }

    /// A Markdown document of 10,000 lines (500 sections of headings, paragraphs, a
    /// list, a code block and a table), in a focused `ui.markdown` that fills the screen.
    private func markdown() throws {
        let source = """
            local ui = require("theolua")
            local section = [[
            ## Section %d

            A paragraph with *emphasis*, **strong** words, `code` and a [link](https://example.com/%d),
            long enough to wrap on a narrow screen, which this one is not.

            - first item
            - second item with more words
              - nested item

            ```lua
            local x = %d
            print(x)
            ```

            | name | size |
            |------|-----:|
            | a.md | %d |

            ]]
            local parts = {}
            for i = 1, 500 do parts[i] = section:format(i, i, i, i * 7) end
            local text = table.concat(parts)
            return ui.markdown { text, grow = 1, autoFocus = true }
            """
        report.line("  markdown document of 10,000 lines (500 sections), 120x40")
        let frames = try firstFrames("    first frame (load, parse, mount, frame)", of: source, iterations: quick ? 3 : 11)
        let moves = quick ? 21 : 201
        report.measure("    pagedown", iterations: moves, target: "one screen") { frames.frame(after: KeyEvent(.pagedown)) }
        report.measure("    one-row scroll (down)", iterations: moves, target: "one screen") {
            frames.frame(after: KeyEvent(.down))
        }
        report.measure("    end and home", iterations: quick ? 5 : 21) {
            frames.frame(after: KeyEvent(.end))
            frames.frame(after: KeyEvent(.home))
        }
    }

    /// A 10,000-row list and a dialog that `o` opens and esc closes.
    private func modal(dim: Bool) throws {
        let runtime = try Runtime(width: 120, height: 40)
        try runtime.load(
            source: """
                local ui = require("theolua")
                return ui.component("Screen", {
                  initialState = function() return { open = false } end,
                  actions = {
                    key = function(self, key)
                      if key.name == "o" then self:updateState { open = true } return true end
                    end,
                    close = function(self) self:updateState { open = false } end,
                  },
                  render = function(self)
                    local children = {
                      ui.list { count = 10000, itemHeight = 1, grow = 1,
                        render = function(i) return ui.text { "row " .. i .. " of the list", key = i } end },
                    }
                    if self.state.open then
                      children[2] = ui.layer { modal = true, dim = \(dim), border = "round", width = 40,
                        onClose = self:handler("close"),
                        ui.text "Delete 3 files?",
                        ui.row { gap = 2, ui.button { "Delete" }, ui.button { "Cancel" } },
                      }
                    end
                    return ui.column { grow = 1, onKey = self:handler("key"), table.unpack(children) }
                  end,
                })
                """, name: "modal.lua")
        try runtime.mount()
        let frames = Frames(runtime)
        let iterations = quick ? 21 : 201
        var openBytes: [Int] = []
        var closeBytes: [Int] = []
        report.line("  modal dialog (40x4) over a 10,000-row list, dim = \(dim)")
        report.measure(
            "    open", iterations: iterations, target: "≤ 2 ms",
            setup: { frames.frame(after: KeyEvent(.esc)) }
        ) { _ in
            frames.frame(after: KeyEvent(name: "o", text: "o"))
            openBytes.append(frames.bytes.last ?? 0)
        }
        report.measure(
            "    close", iterations: iterations, target: "≤ 2 ms",
            setup: { frames.frame(after: KeyEvent(name: "o", text: "o")) }
        ) { _ in
            frames.frame(after: KeyEvent(.esc))
            closeBytes.append(frames.bytes.last ?? 0)
        }
        report.line(
            "    bytes: open \(median(openBytes)), close \(median(closeBytes)) (the dialog is 160 cells; "
                + "the screen 4,800)")
    }
}
