import ArgumentParser
import TheoluaRuntime

/// `theolua check`: load the app and validate its root.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Load an app and validate its root; print ok or the errors.")

    @OptionGroup var app: AppArgument
    @OptionGroup var props: PropsOption
    @OptionGroup var script: ScriptOptions

    func run() throws {
        try app.checkReadable()
        ChildProcesses.endOnTerminationSignals()
        let runtime = try Runtime(options: script.headlessRuntimeOptions)
        ProcessLifetime.keep(runtime)
        defer { runtime.endSystemWork() }
        do {
            try runtime.load(file: app.app)
            try runtime.mount(props: try props.record())
        } catch let error as ScriptError {
            throw ScriptFailure(messages: runtime.takeErrors() + [error.description])
        }
        let errors = runtime.takeErrors()
        if !errors.isEmpty { throw ScriptFailure(messages: errors) }
        print("ok")
    }
}
