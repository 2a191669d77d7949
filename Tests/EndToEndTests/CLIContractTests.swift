import Testing

/// The command line contract of PRODUCT.md §2, beyond the shared samples: exit statuses
/// (0 success, 1 script error, 2 usage error), where messages go, and what they say.
@Suite struct CLIContractTests {
    /// Runs `theolua COMMAND <folder>/app.lua EXTRA...` with `source` as the app.
    private func run(_ command: String, app source: String, _ extra: [String] = []) -> ProcessResult {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let app = folder.write("app.lua", source)
        return runTheolua([command, app] + extra)
    }

    private static let greet = """
        local ui = require("theolua")
        return ui.component("Greet", {
          props = { name = "string", times = { "integer", default = 1, min = 1 } },
          render = function(self)
            return ui.text(string.rep("hi " .. self.props.name .. " ", self.props.times))
          end,
        })
        """

    // MARK: Success

    @Test func renderSucceedsWithExitStatusZeroAndExactlyHeightLines() {
        let result = run("render", app: #"return require("theolua").text "hello""#, ["--size", "12x3"])
        #expect(result.status == 0)
        #expect(result.stdout == "hello\n\n\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func renderDefaultsToEightyByTwentyFour() {
        let result = run("render", app: #"return require("theolua").text(string.rep("x", 100))"#)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 24)
        #expect(lines.first?.count == 80)
    }

    // MARK: Script errors: status 1, file:line on standard error

    @Test func syntaxErrorExitsOneNamingFileAndLine() {
        let result = run("render", app: "local ui = require(\"theolua\")\nreturn ui.text {\n  \"a\" \"b\"\n")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("app.lua:3:"), "\(result.stderr)")
    }

    @Test func runtimeErrorInRenderNamesFileLineAndComponent() {
        let source = """
            local ui = require("theolua")
            local Boom = ui.component("Boom", function(props)
              local t = nil
              return ui.text(t.x)
            end)
            return Boom {}
            """
        let result = run("render", app: source)
        #expect(result.status == 1)
        #expect(result.stderr.contains("app.lua:4: Boom:"), "\(result.stderr)")
        #expect(result.stderr.contains("nil"))
    }

    @Test func runtimeErrorInAnActionAfterAKeyExitsOne() {
        let source = """
            local ui = require("theolua")
            local Clicker = ui.component("Clicker", {
              render = function(self) return ui.button { "go", onPress = self:handler("go") } end,
              actions = { go = function(self) error("went wrong") end },
            })
            return Clicker {}
            """
        let result = run("render", app: source, ["--keys", "enter"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("app.lua:4:"), "\(result.stderr)")
        #expect(result.stderr.contains("Clicker"), "\(result.stderr)")
        #expect(result.stderr.contains("went wrong"))
    }

    @Test func validationErrorNamesFileLineComponentPropAndTypes() {
        let source = """
            local ui = require("theolua")
            local C = ui.component("C", { props = { n = "integer" }, render = function(self) return ui.text("x") end })
            return ui.column {
              C { n = "seven" },
            }
            """
        let result = run("render", app: source)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(#"app.lua:4: C: prop 'n': expected integer, got string ("seven")"#),
            "\(result.stderr)")
    }

    @Test func instructionBudgetStopsARunawayLoop() {
        let source = """
            local ui = require("theolua")
            local Spin = ui.component("Spin", function(props)
              while true do end
            end)
            return Spin {}
            """
        let started = ContinuousClock.now
        let result = run("render", app: source, ["--max-instructions", "100000"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("app.lua:3: Spin:"), "\(result.stderr)")
        #expect(result.stderr.contains("instruction budget"))
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test func runawayTimerIsStoppedToo() {
        let source = """
            local ui = require("theolua")
            ui.after(1, function() while true do end end)
            return ui.text "waiting"
            """
        let result = run("render", app: source, ["--max-instructions", "100000", "--time", "2"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("instruction budget"), "\(result.stderr)")
        #expect(result.stderr.contains("app.lua:2"), "\(result.stderr)")
    }

    @Test func memoryCapStopsAMemoryBomb() {
        let source = """
            local ui = require("theolua")
            local Bomb = ui.component("Bomb", function(props)
              local hoard = {}
              for i = 1, 1e6 do hoard[i] = string.rep("x", 1 << 20, tostring(i)) end
            end)
            return Bomb {}
            """
        let result = run("render", app: source, ["--max-memory", "8"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("Bomb"), "\(result.stderr)")
        #expect(result.stderr.contains("memory"), "\(result.stderr)")
    }

    @Test func checkPrintsOkForAGoodApp() {
        let result = run("check", app: Self.greet, ["--props", #"{"name":"Ada"}"#])
        #expect(result.status == 0)
        #expect(result.stdout == "ok\n")
    }

    @Test func checkPrintsTheErrorsOfABadApp() {
        let source = """
            local ui = require("theolua")
            return ui.row { ui.text { "a", colour = "red" } }
            """
        let result = run("check", app: source)
        #expect(result.status == 1)
        #expect(!result.stdout.contains("ok"))
        #expect(result.stderr.contains("app.lua:2:"), "\(result.stderr)")
        #expect(result.stderr.contains("colour"), "\(result.stderr)")
        #expect(result.stderr.contains("color"), "a suggestion: \(result.stderr)")
    }

    // MARK: Props

    @Test func propsReachTheRootComponentsSchema() {
        let result = run("render", app: Self.greet, ["--size", "30x1", "--props", #"{"name":"Ada","times":2}"#])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "hi Ada hi Ada\n")
    }

    @Test func propsOfTheWrongTypeAreAValidationError() {
        let result = run("render", app: Self.greet, ["--props", #"{"name":3}"#])
        #expect(result.status == 1)
        #expect(result.stderr.contains("Greet: prop 'name': expected string, got number"), "\(result.stderr)")
    }

    @Test func propsBelowTheMinimumAreAValidationError() {
        let result = run("render", app: Self.greet, ["--props", #"{"name":"Ada","times":0}"#])
        #expect(result.status == 1)
        #expect(result.stderr.contains("times"), "\(result.stderr)")
    }

    @Test func unknownPropsGetASuggestion() {
        let result = run("render", app: Self.greet, ["--props", #"{"nme":"Ada"}"#])
        #expect(result.status == 1)
        #expect(result.stderr.contains("'nme'") && result.stderr.contains("'name'"), "\(result.stderr)")
    }

    @Test func missingRequiredPropIsAValidationError() {
        let result = run("check", app: Self.greet)
        #expect(result.status == 1)
        #expect(result.stderr.contains("name"), "\(result.stderr)")
    }

    @Test func propsComeFromAFileWithAnAtSign() {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let app = folder.write("app.lua", Self.greet)
        let props = folder.write("props.json", #"{"name":"Ada","times":2}"#)
        let result = runTheolua(["render", app, "--size", "30x1", "--props", "@" + props])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "hi Ada hi Ada\n")
    }

    @Test func propsComeFromStandardInputWithADash() {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let app = folder.write("app.lua", Self.greet)
        let props = folder.write("props.json", #"{"name":"Bo"}"#)
        let result = runTheolua(["render", app, "--size", "30x1", "--props", "-"], input: props)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "hi Bo\n")
        let empty = runTheolua(["render", app, "--props", "-"])
        #expect(empty.status == 2)
        #expect(empty.stderr.hasPrefix("theolua: --props: invalid JSON"), "\(empty.stderr)")
    }

    @Test(arguments: [
        ("@missing.json", "cannot read missing.json"), ("@/dev/zero", "it is a device"), ("@/", "it is a folder"),
    ])
    func propsFromWhatIsNotAReadableFileAreAUsageError(_ argument: String, _ message: String) {
        let result = run("render", app: Self.greet, ["--props", argument])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("theolua: --props: ") && result.stderr.contains(message), "\(result.stderr)")
    }

    @Test(arguments: ["{bad", "[1]", "\"text\"", "{\"a\":}"])
    func badPropsJSONIsAUsageError(_ json: String) {
        let result = run("render", app: Self.greet, ["--props", json])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("theolua: --props"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    // MARK: Usage errors: status 2

    @Test func missingFileIsAUsageError() {
        let result = runTheolua(["render", "/nonexistent/app.lua"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/nonexistent/app.lua"), "\(result.stderr)")
    }

    @Test(arguments: [
        ["--bogus"], ["--size"], ["--time", "soon"], ["--time", "-1"], ["--max-memory", "0"],
        ["--max-instructions", "many"],
    ])
    func badFlagsAreUsageErrors(_ flags: [String]) {
        let result = run("render", app: #"return require("theolua").text "x""#, flags)
        #expect(result.status == 2, "\(flags): \(result.stderr)")
        #expect(result.stderr.hasPrefix("theolua: "), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func badFlagIsReportedBeforeAMissingFile() {
        let result = runTheolua(["render", "/nonexistent/app.lua", "--bogus"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--bogus"), "\(result.stderr)")
    }

    @Test func unknownSubcommandIsAUsageError() {
        let result = runTheolua(["paint", "app.lua"])
        #expect(result.status == 2)
    }

    @Test(arguments: ["ctrl+zz", "enterr", "hyper+x", "f13"])
    func unknownKeyNameIsAUsageError(_ key: String) {
        let result = run("render", app: #"return require("theolua").text "x""#, ["--keys", "enter " + key])
        #expect(result.status == 2, "\(key): \(result.stderr)")
        #expect(result.stderr.contains("--keys"), "\(result.stderr)")
    }

    @Test(arguments: ["80by24", "0x5", "80x", "x24", "-3x4", "80x24x2", "3000x10"])
    func badSizeIsAUsageError(_ size: String) {
        let result = run("render", app: #"return require("theolua").text "x""#, ["--size", size])
        #expect(result.status == 2, "\(size): \(result.stderr)")
        #expect(result.stderr.contains("--size"), "\(result.stderr)")
    }

    // MARK: Output

    @Test func ansiOutputColorsText() {
        let source = #"return require("theolua").text { "alarm", color = "red", bold = true }"#
        let result = run("render", app: source, ["--size", "10x1", "--ansi"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\u{1B}["), "\(Golden.visible(Substring(result.stdout)))")
        #expect(result.stdout.contains("31"), "red is SGR 31: \(Golden.visible(Substring(result.stdout)))")
        #expect(result.stdout.contains("alarm"))
        let plain = run("render", app: source, ["--size", "10x1"])
        #expect(plain.stdout == "alarm\n", "without --ansi, no escapes")
    }

    @Test func printAndWarnGoToStandardErrorInRender() {
        let source = """
            local ui = require("theolua")
            print("printed", 42)
            warn("warned")
            return ui.text "screen"
            """
        let result = run("render", app: source, ["--size", "10x2"])
        #expect(result.status == 0)
        #expect(result.stdout == "screen\n\n")
        #expect(result.stderr.contains("printed\t42"), "\(result.stderr)")
        #expect(result.stderr.contains("warned"), "\(result.stderr)")
    }

    @Test func quitEndsRenderBeforeTheRemainingKeys() {
        let source = """
            local ui = require("theolua")
            return ui.component("Q", {
              initialState = function() return { n = 0 } end,
              render = function(self)
                return ui.box { focusable = true, onKey = self:handler("key"), ui.text(tostring(self.state.n)) }
              end,
              actions = { key = function(self, key)
                if key.name == "q" then ui.quit() else self:updateState(function(s) return { n = s.n + 1 } end) end
                return true
              end },
            })
            """
        let result = run("render", app: source, ["--size", "5x1", "--keys", "a a q a a"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "2\n")
    }

    @Test func versionPrintsTheVersion() {
        let result = runTheolua(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: ".").count == 3, "\(result.stdout)")
    }

    @Test func helpListsTheCommands() {
        let result = runTheolua(["--help"])
        #expect(result.status == 0)
        for command in ["run", "render", "check"] { #expect(result.stdout.contains(command)) }
        let renderHelp = runTheolua(["render", "--help"])
        #expect(renderHelp.status == 0)
        for flag in ["--size", "--keys", "--time", "--ansi", "--props", "--max-memory", "--max-instructions"] {
            #expect(renderHelp.stdout.contains(flag), "\(flag)")
        }
    }

    @Test func runWithoutATerminalIsAUsageError() {
        let result = run("run", app: #"return require("theolua").text "x""#)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("terminal"), "\(result.stderr)")
    }

    @Test func sandboxHidesIoUnlessAllowed() {
        let source = #"return require("theolua").text(tostring(io.stdout ~= nil))"#
        #expect(run("render", app: source, ["--size", "6x1"]).stdout == "false\n")
        #expect(run("render", app: source, ["--size", "6x1", "--allow-io"]).stdout == "true\n")
    }

    @Test func requireLoadsModulesBesideTheApp() {
        let folder = ScriptFolder()
        defer { folder.remove() }
        folder.write("shout.lua", "return function(s) return s:upper() .. \"!\" end")
        let app = folder.write("app.lua", #"return require("theolua").text(require("shout")("hey"))"#)
        let result = runTheolua(["render", app, "--size", "6x1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "HEY!\n")
    }
}
