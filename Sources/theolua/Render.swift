import ArgumentParser
import TheoluaRuntime

/// `theolua render`: headless and deterministic.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render an app headless and print the screen.",
        discussion: """
            Mounts the app at --size, applies each key of --keys (letting pending updates \
            render after each), waits (in real time, at most --wait seconds) for the processes \
            the app spawned to exit and their output to be delivered, advances a virtual clock \
            by --time seconds firing due timers in order, then prints what the app wrote \
            with ui.print, then exactly H lines with trailing spaces removed.
            """)

    @OptionGroup var app: AppArgument

    @Option(parsing: .unconditional, help: ArgumentHelp("Screen size.", valueName: "WxH"))
    var size = "80x24"

    @OptionGroup var props: PropsOption

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Space-separated key names and mouse items to send, e.g. \"down enter text:abc click:4,2 wheel:down@0,5\".",
            valueName: "KEYS"))
    var keys: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Seconds of virtual time to advance after the keys.", valueName: "SECONDS"))
    var time: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Real seconds to wait for spawned processes after the keys and after the time.", valueName: "SECONDS"))
    var wait: Double = 5

    @Flag(help: "Print colors and styles as ANSI escape codes.")
    var ansi = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "With --ansi, the colors of a terminal with this many: 16, 256, truecolor or none (default: truecolor).",
            valueName: "DEPTH"))
    var colors: String?

    @Flag(help: "After the screen, print the component tree with keys, props and state.")
    var tree = false

    @Flag(name: .customLong("tree-only"), help: "Print the component tree instead of the screen.")
    var treeOnly = false

    @OptionGroup var script: ScriptOptions

    func validate() throws {
        _ = try dimensions()
        if let raw = CommandLineValue.raw(of: "--keys"), !CommandLineValue.isUTF8(raw) {
            throw ValidationError("--keys: the keys are not valid UTF-8 text; key names and text: items must be")
        }
        if let keys {
            do {
                _ = try InputEvent.parse(script: keys)
            } catch {
                throw ValidationError("--keys: \(error)")
            }
        }
        if let time, !(time.isFinite && time >= 0 && time <= 1e7) {
            throw ValidationError("--time must be a number of seconds from 0 to 10000000, got \(time)")
        }
        if let colors, ColorDepth(rawValue: colors) == nil {
            throw ValidationError("--colors must be 16, 256, truecolor or none, got '\(colors)'")
        }
        guard wait.isFinite && wait >= 0 && wait <= 3600 else {
            throw ValidationError("--wait must be a number of seconds from 0 to 3600, got \(wait)")
        }
    }

    func dimensions() throws -> (width: Int, height: Int) {
        let parts = size.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            (1...2_000).contains(width), (1...2_000).contains(height)
        else {
            throw ValidationError("--size must look like 80x24 (each from 1 to 2000), got '\(size)'")
        }
        return (width, height)
    }

    func run() throws {
        try app.checkReadable()
        let (width, height) = try dimensions()
        ChildProcesses.endOnTerminationSignals()
        let runtime = try Runtime(options: script.headlessRuntimeOptions, width: width, height: height)
        ProcessLifetime.keep(runtime)
        runtime.onLog = { Foundationless.printError($0) }
        // Processes end with the render on every way out, an error at load or mount too.
        defer { runtime.endSystemWork() }
        do {
            try runtime.load(file: app.app)
            try runtime.mount(props: try props.record())
        } catch let error as ScriptError {
            throw ScriptFailure(messages: runtime.takeErrors() + [error.description])
        }
        try failIfErrors(runtime)
        if let keys {
            for event in try InputEvent.parse(script: keys) where !runtime.quitRequested {
                runtime.send(event)
                try failIfErrors(runtime)
            }
        }
        // What spawned processes print is on the screen before time moves: repeatable
        // output for apps that run commands.
        let waitLimit = ContinuousClock.now + .nanoseconds(Int64(wait * 1e9))
        runtime.waitForProcesses(timeout: ContinuousClock.now.duration(to: waitLimit))
        try failIfErrors(runtime)
        if let time, !runtime.quitRequested {
            runtime.advance(by: time)
            try failIfErrors(runtime)
            runtime.waitForProcesses(timeout: max(.zero, ContinuousClock.now.duration(to: waitLimit)))
            try failIfErrors(runtime)
        }
        for warning in runtime.takeWarnings() { Foundationless.printError("warning: \(warning)") }
        if let copied = runtime.clipboard { Foundationless.printError("clipboard: \(copied)") }
        while let program = runtime.takeProgram() {
            let words = ([program.command] + program.arguments).joined(separator: " ")
            Foundationless.printError("render: ui.exec(\(words)) did not run: render has no terminal to give it")
        }
        let depth = colors.flatMap(ColorDepth.init(rawValue:)) ?? .truecolor
        for text in runtime.takePrinted() { print(TerminalText.printable(text)) }
        if !treeOnly { print(ansi ? runtime.ansiText(colors: depth) : runtime.text) }
        if tree || treeOnly { print(TerminalText.printable(runtime.treeText)) }
    }

    private func failIfErrors(_ runtime: Runtime) throws {
        let errors = runtime.takeErrors()
        if !errors.isEmpty { throw ScriptFailure(messages: errors) }
    }
}

/// The raw bytes of the command line, which ArgumentParser has already decoded (invalid
/// UTF-8 replaced): to refuse what cannot be decoded instead of typing replacement
/// characters.
enum CommandLineValue {
    /// The bytes given for `option` (`--keys VALUE` or `--keys=VALUE`), the last if several.
    static func raw(of option: String) -> [UInt8]? {
        let arguments = (0..<Int(CommandLine.argc)).compactMap { index in
            CommandLine.unsafeArgv[index].map { pointer in
                var bytes: [UInt8] = []
                var cursor = pointer
                while cursor.pointee != 0 {
                    bytes.append(UInt8(bitPattern: cursor.pointee))
                    cursor += 1
                }
                return bytes
            }
        }
        let name = Array(option.utf8)
        var found: [UInt8]?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == name, index + 1 < arguments.count {
                found = arguments[index + 1]
                index += 1
            } else if argument.starts(with: name + [UInt8(ascii: "=")]) {
                found = Array(argument.dropFirst(name.count + 1))
            }
            index += 1
        }
        return found
    }

    /// Whether `bytes` are valid UTF-8.
    static func isUTF8(_ bytes: [UInt8]) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
