import Testing

/// `render --ansi --colors`: the screen as terminals of each depth get it.
@Suite struct ColorsTests {
    static let app = """
        local ui = require("theolua")
        return ui.column {
          ui.text { "orange", color = "#ff8800" },
          ui.text { "slate", color = "#708090", bg = "#202020" },
          ui.text { "index 208", color = 208, bold = true },
          ui.text { "red", color = "red", underline = true },
        }
        """

    @Test(arguments: ["truecolor", "256", "16", "none"])
    func eachDepthGetsTheColorsItHas(_ depth: String) {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let result = runTheolua([
            "render", folder.write("app.lua", Self.app), "--size", "20x4", "--ansi", "--colors", depth,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        Golden.check(result.stdout, named: "colors-\(depth)")
    }

    @Test func anUnknownDepthIsAUsageError() {
        let result = runTheolua(["render", Paths.package + "/Examples/counter.lua", "--colors", "8"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--colors must be 16, 256, truecolor or none, got '8'"), "\(result.stderr)")
    }
}
