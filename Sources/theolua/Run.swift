import ArgumentParser
import TheoluaRuntime

/// `theolua run`: full-screen and interactive, with hot reload.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run an app full-screen; reload it on save, keeping its state.",
        discussion: "ctrl+c quits. F12 shows the log of print and warn; F11 the inspector.")

    @OptionGroup var app: AppArgument
    @OptionGroup var props: PropsOption

    @Flag(name: .customLong("no-watch"), help: "Do not reload when the app or its modules change.")
    var noWatch = false

    @Flag(
        name: .customLong("no-mouse"),
        help: "Do not ask the terminal for mouse reports; its own text selection works as usual.")
    var noMouse = false

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
    }

    func run() throws {
        try app.checkReadable()
        var configuration = TerminalApp.Configuration(
            file: app.app, props: try props.record(), watch: !noWatch, options: script.runtimeOptions)
        configuration.colors = colors.flatMap(ColorDepth.init(rawValue:))
        configuration.mouse = !noMouse
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
