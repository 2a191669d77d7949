import ArgumentParser
import CLuaSupport
import TheoluaRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `theolua` command: run, render, check and test theolua apps.
@main
struct Theolua: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "theolua",
        abstract: "A scriptable component runtime for text user interfaces.",
        discussion: "Write components in Lua 5.4; run them full-screen with hot reload, or render them headless.",
        version: TheoluaVersion.current,
        subcommands: subcommands
    )

    #if Serve
        static let subcommands: [any ParsableCommand.Type] = [
            Run.self, Render.self, Check.self, Test.self, New.self, Bundle.self, Serve.self,
        ]
    #else
        /// A runtime for bundles: no server in it (Package.swift's `Serve` trait).
        static let subcommands: [any ParsableCommand.Type] = [
            Run.self, Render.self, Check.self, Test.self, New.self, Bundle.self,
        ]
    #endif

    /// Parses and runs, mapping every usage mistake to one line on standard error and
    /// exit status 2, and script errors to exit status 1.
    static func main() {
        LargeAllocations.keepInHeap()
        ChildProcesses.endWithTheolua()
        do {
            // A bundle (`theolua bundle`) runs the app it carries.
            let given = Array(CommandLine.arguments.dropFirst())
            let arguments = BundledApp.arguments(given) ?? given
            var command = try parseAsRoot(ScriptOptions.spelled(arguments))
            try command.run()
        } catch let exit as ExitCode {
            Foundationless.exit(exit.rawValue)
        } catch let failure as ScriptFailure {
            for line in failure.messages { Foundationless.printError(line) }
            Foundationless.exit(1)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                // --help and --version
                print(fullMessage(for: error))
                Foundationless.exit(0)
            }
            Foundationless.printError("theolua: " + message(for: error))
            Foundationless.exit(2)
        }
    }
}

/// Script errors (syntax, runtime, validation, limits): printed, exit status 1.
struct ScriptFailure: Error {
    var messages: [String]
}

/// The version `--version` prints.
enum TheoluaVersion {
    static let current = "0.1.0"
}

/// What lives as long as the process. A command leaves the app it mounted standing when
/// it ends: tearing it down (every component, node and the Lua state) would cost as much
/// as building it, and nothing of it can be observed, since the finalizers of tables
/// alive when an app ends are not called either way (docs/lua-api.md). Built with
/// AddressSanitizer, the app is torn down as usual instead: the teardown is checked, and
/// the leak check at exit sees only what was really lost.
enum ProcessLifetime {
    nonisolated(unsafe) private static var kept: [AnyObject] = []

    /// Keeps `object` until the process exits.
    static func keep(_ object: AnyObject) {
        guard theolua_checks_leaks_at_exit() == 0 else { return }
        kept.append(object)
    }
}

/// No process a script started outlives the command, whichever way it ends.
enum ChildProcesses {
    /// Adopts the orphans of what scripts start (so that a grandchild that left its
    /// process group and lost its parent is still theolua's to end) and ends every
    /// such process at exit: on a normal exit through `atexit`, on a crash or a
    /// termination signal through the signal handler's hook.
    static func endWithTheolua() {
        ProcessJobs.adoptOrphans()
        atexit(ProcessJobs.endEverything)
        TerminalSignals.onFatalSignal(ProcessJobs.endEverything)
    }

    /// For the headless commands (`render`, `check`, `test`), which have no terminal
    /// session of their own: SIGINT, SIGTERM and SIGHUP run the hook above before the
    /// process ends of them, instead of ending it at once. `run`'s terminal session
    /// handles them itself.
    static func endOnTerminationSignals() {
        guard watcher == nil else { return }
        watcher = try? SignalWatcher.start(reportsTermination: false)
    }

    nonisolated(unsafe) private static var watcher: SignalWatcher?
}

/// Process exit and standard error without Foundation.
enum Foundationless {
    static func exit(_ status: Int32) -> Never {
        fflush(nil)
        #if canImport(Glibc)
            Glibc.exit(status)
        #else
            Darwin.exit(status)
        #endif
    }

    /// Writes `line` to standard error, through ``TerminalText``: what a script put in
    /// it (a message, a printed line) is shown, never obeyed by the terminal.
    static func printError(_ line: String) {
        fflush(nil)
        let bytes = Array((TerminalText.printable(line) + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return write(2, base + offset, buffer.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { break }
            offset += written
        }
    }

    static func fileIsReadable(_ path: String) -> Bool {
        guard let file = fopen(path, "rb") else { return false }
        fclose(file)
        return true
    }
}
