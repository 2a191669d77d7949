import ArgumentParser
import TheoluaRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `theolua bundle APP -o FILE`: one executable holding the runtime (the Swift runtime
/// and Lua linked in) and the app's folder. `FILE` runs the app with `run`'s flags;
/// `FILE render ...` and `FILE check` are those commands with the app filled in.
struct Bundle: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bundle",
        abstract: "Make one executable of an app: the runtime and the app's folder.",
        discussion: """
            FILE runs the app (with run's flags); FILE render [...] and FILE check are those \
            commands with the app filled in. It needs neither Swift nor Lua where it runs: \
            only a system like this one. The app's folder (every file in it but hidden ones) \
            goes in, unpacked on first start into a private folder. The runtime is this \
            theolua when scripts/build-static built it (without serve), else \
            THEOLUA_STATIC_BINARY, else theolua-static beside it (scripts/install puts it there).
            """)

    @OptionGroup var app: AppArgument

    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: ArgumentHelp("The executable to write.", valueName: "FILE"))
    var output: String

    func run() throws {
        try app.checkReadable()
        let runtime = try Self.runtimeBinary()
        let folder = LocalFiles.folder(of: app.app)
        let files: [BundlePayload.File]
        do {
            // Bundles (this one, made again beside the app, or another) are not part of it.
            files = try LocalFiles.collect(folder, limit: BundlePayload.limit).filter { BundleTrailer(bytes: $0.bytes) == nil }
        } catch {
            throw ValidationError("bundle: \(error)")
        }
        let payload = BundlePayload(entry: LocalFiles.name(of: app.app), files: files).encoded()
        guard payload.count <= BundlePayload.limit else {
            throw ValidationError("bundle: \(folder) holds more than 256 MiB: bundle a folder with the app alone")
        }
        let bytes = runtime + payload + BundlePayload.trailer(offset: runtime.count, payload: payload)
        do {
            try LocalFiles.write(bytes, to: output, mode: 0o755)
        } catch {
            throw ValidationError("bundle: cannot write \(output): \(error)")
        }
        print(
            "\(output): \(Self.megabytes(bytes.count)) (runtime \(Self.megabytes(runtime.count)), "
                + "\(files.count) file\(files.count == 1 ? "" : "s") of the app \(Self.megabytes(payload.count)))")
    }

    private static func megabytes(_ count: Int) -> String {
        let tenths = (count * 10 + (1 << 19)) >> 20
        return "\(tenths / 10).\(tenths % 10) MiB"
    }

    /// The largest runtime binary read (with any app it carries): several times what one is.
    static let runtimeLimit = 1 << 30

    /// The bytes of a theolua with everything linked in, without any app it carries.
    static func runtimeBinary() throws -> [UInt8] {
        var candidates: [String] = []
        // A static build without the server is a runtime itself; one with it (installed
        // as theolua) has the runtime beside it, as theolua-static.
        #if THEOLUA_STATIC && !Serve
            if let own = LocalFiles.executablePath() { candidates.append(own) }
        #endif
        if let given = getenv("THEOLUA_STATIC_BINARY").map({ String(cString: $0) }), !given.isEmpty {
            candidates.append(given)
        }
        if let own = LocalFiles.executablePath() {
            candidates.append(LocalFiles.folder(of: own) + "/theolua-static")
        }
        for path in candidates where access(path, X_OK) == 0 {
            guard var bytes = try? LocalFiles.read(path, limit: Self.runtimeLimit) else { continue }
            // A bundle's runtime is the part before its payload.
            if let trailer = LocalFiles.trailer(of: path) { bytes.removeSubrange(trailer.offset...) }
            return bytes
        }
        throw ValidationError(
            "bundle needs theolua built with the Swift runtime and Lua linked in: install it with scripts/install, "
                + "or build it with scripts/build-static and set THEOLUA_STATIC_BINARY to it")
    }
}

/// The app a bundle carries, unpacked, and the arguments that run it.
enum BundledApp {
    /// The running bundle's unpacked app folder and the folder it was started in; nil
    /// when this process is no bundle. Set once by ``arguments(_:)``, before any command
    /// runs: the commands' options read it (``ScriptOptions/runtimeOptions``).
    nonisolated(unsafe) private(set) static var started: (appFolder: String, workingFolder: String)?

    /// The command line for `arguments` given to a bundle: `render` and `check` with the
    /// app put after them, anything else `run` with the app; nil when this executable
    /// carries no app.
    static func arguments(_ arguments: [String]) -> [String]? {
        guard let path = LocalFiles.executablePath(), let trailer = LocalFiles.trailer(of: path) else { return nil }
        guard let app = unpack(path: path, trailer: trailer) else {
            Foundationless.printError("theolua: this bundle's app could not be read or unpacked")
            Foundationless.exit(1)
        }
        started = (LocalFiles.folder(of: app), Paths.absolute(".", in: "."))
        if let first = arguments.first, ["render", "check"].contains(first) {
            return [first, app] + arguments.dropFirst()
        }
        if let first = arguments.first, ["--version", "--help", "-h", "help"].contains(first) { return arguments }
        return ["run", app] + arguments
    }

    /// Unpacks the payload into the folder named after it (kept for the next start),
    /// returning the app's path there.
    private static func unpack(path: String, trailer: BundleTrailer) -> String? {
        let name = "bundle-" + String(trailer.id, radix: 16)
        for base in LocalFiles.privateFolders() {
            let target = base + "/" + name
            if let app = entryPath(in: target) { return app }
            guard let payload = LocalFiles.payload(of: path, trailer) else { return nil }
            let staging = target + ".\(getpid())"
            do {
                try LocalFiles.unpack(payload, into: staging)
            } catch {
                LocalFiles.remove(staging)
                continue
            }
            if rename(staging, target) != 0 {
                // Another start unpacked it first: its copy is as good.
                LocalFiles.remove(staging)
                guard let app = entryPath(in: target) else { continue }
                return app
            }
            return target + "/" + payload.entry
        }
        return nil
    }

    /// The app's path in an unpacked folder, which `.complete` names; nil while the
    /// folder is not complete.
    private static func entryPath(in folder: String) -> String? {
        guard let bytes = try? LocalFiles.read(folder + "/.complete", limit: 4_096),
            let entry = String(validating: bytes, as: UTF8.self)
        else { return nil }
        return folder + "/" + entry
    }
}
