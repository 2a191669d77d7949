import ArgumentParser
import TheoluaRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Sandbox and limits, shared by the commands that run scripts.
struct ScriptOptions: ParsableArguments {
    @Flag(name: .customLong("allow-io"), help: "Let scripts use io, os, debug, package and C modules.")
    var allowIO = false

    // `--allow-run` alone reaches here as `--allow-run=*` (see `ScriptOptions.spelled`).
    @Option(
        name: .customLong("allow-run"),
        help: ArgumentHelp(
            "Let scripts start processes with ui.spawn and ui.exec: --allow-run for every command, --allow-run=git,ls for those.",
            valueName: "COMMANDS"))
    var allowRun: [String] = []

    @Option(
        name: .customLong("allow-read"),
        help: ArgumentHelp(
            "Let scripts read, list, watch and tail files: --allow-read for every file, --allow-read=DIR,... for those folders.",
            valueName: "DIRS"))
    var allowRead: [String] = []

    @Option(
        name: .customLong("allow-write"),
        help: ArgumentHelp(
            "Let scripts write, make, remove and rename files: --allow-write for every file, --allow-write=DIR,... for those folders.",
            valueName: "DIRS"))
    var allowWrite: [String] = []

    @Option(
        name: .customLong("allow-net"),
        help: ArgumentHelp(
            "Let scripts fetch over HTTP and HTTPS: --allow-net for every host, --allow-net=HOST[:PORT],... for those.",
            valueName: "HOSTS"))
    var allowNet: [String] = []

    @Option(
        name: .customLong("module-path"),
        help: ArgumentHelp(
            "Folders require searches after the app's own (and its lua_modules/), readable by require only.",
            valueName: "DIRS"))
    var modulePath: [String] = []

    /// The folders of `--module-path`, absolute against the working directory.
    var modulePaths: [String] {
        modulePath.flatMap { $0.split(separator: ",").map { Paths.absolute(String($0), in: ".") } }
    }

    /// The options whose value may be left out, meaning everything.
    static let grants: Set<String> = ["--allow-run", "--allow-read", "--allow-write", "--allow-net"]

    /// The arguments with a bare `--allow-run`, `--allow-read`, `--allow-write` or `--allow-net`
    /// spelled `--allow-run=*` (every command) or `--allow-read=*`: an option whose value
    /// is optional, which ArgumentParser has no form for.
    static func spelled(_ arguments: [String]) -> [String] {
        var result: [String] = []
        for (index, argument) in arguments.enumerated() {
            if argument == "--" {
                return result + arguments[index...]
            }
            result.append(grants.contains(argument) ? argument + "=*" : argument)
        }
        return result
    }

    /// The grants of `--allow-run`, `--allow-read`, `--allow-write` and `--allow-net`; folders are made
    /// absolute against the working directory, where the person typing them is.
    var permissions: Permissions {
        let commands = allowRun.flatMap { $0.split(separator: ",").map(String.init) }
        let hosts = allowNet.flatMap { $0.split(separator: ",").map(String.init) }
        return Permissions(
            run: allowRun.isEmpty ? .none : commands.contains("*") ? .all : .only(commands),
            read: Self.folders(allowRead), write: Self.folders(allowWrite),
            net: allowNet.isEmpty ? .none : hosts.contains("*") ? .all : .only(hosts))
    }

    /// The folders one of the path grants lists.
    private static func folders(_ values: [String]) -> Permissions.Folders {
        let folders = values.flatMap { $0.split(separator: ",").map(String.init) }
        if values.isEmpty { return .none }
        return folders.contains("*") ? .all : .only(folders.map { Paths.absolute($0, in: ".") })
    }

    // Unconditional, so that a negative number is read as the value it is (and refused
    // with the range) rather than taken for a flag.
    @Option(
        name: .customLong("max-memory"), parsing: .unconditional,
        help: ArgumentHelp("Memory cap for the Lua state.", valueName: "MiB"))
    var maxMemory: Int = 256

    @Option(
        name: .customLong("max-instructions"), parsing: .unconditional,
        help: ArgumentHelp(
            "Count instructions exactly and stop a call into a script after N (the same on every machine; about 2x slower Lua).",
            valueName: "N"))
    var maxInstructions: Int?

    @Option(
        name: .customLong("max-seconds"), parsing: .unconditional,
        help: ArgumentHelp("Time limit per call into a script, in seconds (processor time).", valueName: "S"))
    var maxSeconds: Double = ScriptLimits.defaultSeconds

    func validate() throws {
        guard (1...65_536).contains(maxMemory) else {
            throw ValidationError("--max-memory must be between 1 and 65536 MiB, got \(maxMemory)")
        }
        if let maxInstructions, maxInstructions < 1_000 {
            throw ValidationError("--max-instructions must be at least 1000, got \(maxInstructions)")
        }
        guard maxSeconds.isFinite, maxSeconds >= 0.01, maxSeconds <= 1_000_000 else {
            throw ValidationError("--max-seconds must be between 0.01 and 1000000, got \(maxSeconds)")
        }
        for value in modulePath where value.split(separator: ",").isEmpty {
            throw ValidationError("--module-path takes folders separated by commas")
        }
        for value in allowRun + allowRead + allowWrite + allowNet where value.split(separator: ",").isEmpty {
            throw ValidationError(
                "--allow-run, --allow-read, --allow-write and --allow-net take names after '=', separated by commas")
        }
        for host in allowNet.flatMap({ $0.split(separator: ",") }) where host != "*" {
            let (name, _) = NetGate.parseGrant(String(host))
            guard let name, !name.isEmpty else {
                throw ValidationError("--allow-net takes hosts as HOST or HOST:PORT (a port from 1 to 65535), got \(host)")
            }
        }
    }

    /// These options as arguments again, for a `theolua run` this process starts (a
    /// session of `serve`).
    var arguments: [String] {
        var result = allowIO ? ["--allow-io"] : []
        for (name, values) in [
            ("--allow-run", allowRun), ("--allow-read", allowRead), ("--allow-write", allowWrite),
            ("--allow-net", allowNet),
        ] {
            result += values.map { "\(name)=\($0)" }
        }
        result += modulePaths.map { "--module-path=\($0)" }
        result += ["--max-memory", String(maxMemory), "--max-seconds", String(maxSeconds)]
        return result + (maxInstructions.map { ["--max-instructions", String($0)] } ?? [])
    }

    /// The runtime's options these flags give. In a bundle, relative paths start in the
    /// folder it was started in, where the grants (`--allow-read=.`) start too, and the
    /// app's unpacked folder is readable without a flag: it holds only the app's own
    /// files, which the app reaches through `ui.appFolder`.
    var runtimeOptions: Runtime.Options {
        var options = Runtime.Options(
            limits: ScriptLimits(memoryBytes: maxMemory << 20, instructions: maxInstructions, seconds: maxSeconds),
            allowIO: allowIO, modulePaths: modulePaths,
            permissions: permissions)
        if let bundle = BundledApp.started {
            options.workingFolder = bundle.workingFolder
            switch options.permissions.read {
            case .all: break
            case .none: options.permissions.read = .only([bundle.appFolder])
            case .only(let folders): options.permissions.read = .only(folders + [bundle.appFolder])
            }
        }
        return options
    }

    /// The options of a headless command (`render`, `check`, `test`): the clock `os`
    /// reads is the run loop's, from 2000-01-01 UTC, so the screen is the same on every run.
    var headlessRuntimeOptions: Runtime.Options {
        var options = runtimeOptions
        options.wallClock = .headless
        return options
    }
}

/// The app argument, checked to be a readable file.
struct AppArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("The app script.", valueName: "APP.lua"))
    var app: String

    /// Checked when the command runs, after every flag was parsed, so a bad flag is
    /// reported as such rather than as a missing file. The app must be a readable regular
    /// file of at most 16 MiB: a folder, a FIFO or a device (`/dev/zero`) is a usage error,
    /// neither read nor waited on.
    func checkReadable() throws {
        do {
            try ScriptFile.check(app)
        } catch {
            throw ValidationError(error.description)
        }
    }
}

/// `--props JSON`, `--props @FILE` or `--props -` (standard input), parsed into a record.
struct PropsOption: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Props for an app that returns a component: a JSON object, @FILE for one read from a file, or - to read it from standard input.",
            valueName: "JSON"))
    var props: String?

    /// Whether the props come from standard input (which then cannot be the terminal).
    var readsStandardInput: Bool { props == "-" }

    /// Checks the props now, unless they come from standard input: that is read once,
    /// when the command runs.
    func validate() throws {
        if !readsStandardInput { _ = try record() }
    }

    func record() throws -> Record {
        guard let props else { return Record() }
        let value: Value
        do {
            value = try Value.parseJSON(try Self.text(of: props))
        } catch let error as ValidationError {
            throw error
        } catch {
            throw ValidationError("--props: \(error)")
        }
        guard case .record(let record) = value else {
            if case .array(let array) = value, array.isEmpty { return Record() }
            throw ValidationError("--props: expected a JSON object, got \(value.typeName)")
        }
        return record
    }

    /// The JSON text `argument` stands for: itself, a file's content (`@FILE`) or
    /// standard input's (`-`), at most 16 MiB, as UTF-8.
    private static func text(of argument: String) throws -> String {
        let source: String
        let bytes: [UInt8]
        do throws(ScriptFile.Failure) {
            if argument == "-" {
                source = "standard input"
                bytes = try ScriptFile.readAll(STDIN_FILENO, path: source)
            } else if argument.hasPrefix("@") {
                source = String(argument.dropFirst())
                bytes = try ScriptFile.read(source)
            } else {
                return argument
            }
        } catch .tooLarge(let name, _) {
            throw ValidationError("--props: \(name) holds more than \(ScriptFile.maximumBytes >> 20) MiB")
        } catch {
            throw ValidationError("--props: \(error)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ValidationError("--props: \(source) is not UTF-8 text")
        }
        return text
    }
}
