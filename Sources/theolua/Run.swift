import ArgumentParser
import TheoluaRuntime

/// `theolua run`: full-screen and interactive, with hot reload.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run an app full-screen (or inline); reload it on save, keeping its state.",
        discussion: """
            ctrl+c quits. F12 shows the log of print and warn; F11 the inspector. With \
            --inline the app draws below the cursor in the normal screen, as tall as its \
            content (at most --height rows, and never more than the screen), ui.print writes \
            above it into the scrollback, and its last frame stays when it ends.
            """)

    @OptionGroup var app: AppArgument
    @OptionGroup var props: PropsOption

    @Flag(name: .customLong("no-watch"), help: "Do not reload when the app or its modules change.")
    var noWatch = false

    @Flag(
        name: .customLong("no-mouse"),
        help: "Do not ask the terminal for mouse reports; its own text selection works as usual.")
    var noMouse = false

    @Flag(help: "Draw below the cursor in the normal screen, as tall as the content, instead of full-screen.")
    var inline = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("With --inline, the most rows the app takes.", valueName: "N"))
    var height: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The terminal's colors: 16, 256, truecolor or none (default: from NO_COLOR, COLORTERM and TERM).",
            valueName: "DEPTH"))
    var colors: String?

    @OptionGroup var script: ScriptOptions

    func validate() throws {
        if let colors, ColorDepth(rawValue: colors) == nil {
            throw ValidationError("--colors must be 16, 256, truecolor or none, got '\(colors)'")
        }
        if let height {
            guard inline else { throw ValidationError("--height is for --inline") }
            guard (1...2_000).contains(height) else {
                throw ValidationError("--height must be a number of rows from 1 to 2000, got \(height)")
            }
        }
    }

    func run() throws {
        try app.checkReadable()
        var configuration = TerminalApp.Configuration(
            file: app.app, props: try props.record(), watch: !noWatch, options: script.runtimeOptions)
        configuration.colors = colors.flatMap(ColorDepth.init(rawValue:))
        configuration.mouse = !noMouse
        if inline { configuration.inline = TerminalApp.Configuration.Inline(height: height) }
        let device: TTYTerminal
        do {
            // Props piped in leave standard input to the data: the app then talks to
            // the controlling terminal, as pagers and pickers do.
            device = try props.readsStandardInput ? TTYTerminal.controllingTerminal() : TTYTerminal.standardStreams()
        } catch {
            throw ValidationError("run needs a terminal: \(error)")
        }
        let status = try TerminalApp(configuration: configuration).run(on: device)
        throw ExitCode(status)
    }
}
