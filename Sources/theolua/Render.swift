import ArgumentParser
import TheoluaRuntime

/// `theolua render`: headless and deterministic.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render an app headless and print the screen.",
        discussion: """
            Mounts the app at --size, applies each key of --keys (letting pending updates \
            render after each), advances a virtual clock by --time seconds firing due timers \
            in order, then prints exactly H lines with trailing spaces removed.
            """)

    @OptionGroup var app: AppArgument

    @Option(help: ArgumentHelp("Screen size.", valueName: "WxH"))
    var size = "80x24"

    @OptionGroup var props: PropsOption

    @Option(
        help: ArgumentHelp("Space-separated key names to send, e.g. \"down down enter text:abc\".", valueName: "KEYS"))
    var keys: String?

    @Option(help: ArgumentHelp("Seconds of virtual time to advance after the keys.", valueName: "SECONDS"))
    var time: Double?

    @Flag(help: "Print colors and styles as ANSI escape codes.")
    var ansi = false

    @OptionGroup var script: ScriptOptions

    func validate() throws {
        _ = try dimensions()
        if let keys {
            do {
                _ = try KeyEvent.parseKeys(keys)
            } catch {
                throw ValidationError("--keys: \(error)")
            }
        }
        if let time, !(time.isFinite && time >= 0 && time <= 1e7) {
            throw ValidationError("--time must be a number of seconds from 0 to 10000000, got \(time)")
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
        let runtime = try Runtime(options: script.runtimeOptions, width: width, height: height)
        runtime.onLog = { Foundationless.printError($0) }
        do {
            try runtime.load(file: app.app)
            try runtime.mount(props: try props.record())
        } catch let error as ScriptError {
            throw ScriptFailure(messages: runtime.takeErrors() + [error.description])
        }
        try failIfErrors(runtime)
        if let keys {
            for key in try KeyEvent.parseKeys(keys) where !runtime.quitRequested {
                runtime.send(key)
                try failIfErrors(runtime)
            }
        }
        if let time, !runtime.quitRequested {
            runtime.advance(by: time)
            try failIfErrors(runtime)
        }
        for warning in runtime.takeWarnings() { Foundationless.printError("warning: \(warning)") }
        if ansi {
            print(runtime.ansiText)
        } else {
            print(runtime.text)
        }
    }

    private func failIfErrors(_ runtime: Runtime) throws {
        let errors = runtime.takeErrors()
        if !errors.isEmpty { throw ScriptFailure(messages: errors) }
    }
}
