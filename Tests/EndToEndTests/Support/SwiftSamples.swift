#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Compiles the Swift programs of the documentation against the package's modules as
/// this test run built them, the way a program that depends on the package sees them.
///
/// Why `swiftc` on the built modules: the samples stay in the Markdown, written once,
/// and nothing is generated into the package; a scratch package depending on this one
/// would rebuild it all (minutes) for every run. `swiftc` is given what SwiftPM gives a
/// client target: the `Modules` folder of the build, the module maps of the C targets
/// the runtime imports (CLua, CCmark, and CLuaSupport's, CTheoluaSystem's and
/// CTheoluaMarkdown's, which SwiftPM
/// writes into the build folder), and Lua's flags from `pkg-config lua5.4`. A program with its output
/// shown is also linked with the object files SwiftPM built for the runtime's modules
/// and run. Under a sanitizer those objects need the sanitizer's runtime, so there the
/// programs are type-checked only (`scripts/test` without `--sanitize` runs them).
enum SwiftSamples {
    /// The library modules a program that imports TheoluaRuntime links: the runtime and
    /// everything it depends on in the package.
    static let linkedModules = [
        "TheoluaRuntime", "TheoluaCore", "TheoluaCanvas", "TheoluaTerminal", "TheoluaLua", "CLuaSupport",
        "TheoluaSystem", "CTheoluaSystem", "TheoluaCapabilities", "TheoluaWidgets", "TheoluaLock", "TheoluaMarkdown",
        "CTheoluaMarkdown",
    ]

    /// Whether this test process runs instrumented by a sanitizer (ASan, TSan, or UBSan
    /// alone), so the objects it was built with cannot be linked plainly.
    static let isSanitized: Bool = {
        #if canImport(Darwin)
            let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
            let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #endif
        let entryPoints: [String] = ["__asan_init", "__tsan_init", "__ubsan_handle_add_overflow"]
        return entryPoints.contains { dlsym(everywhere, $0) != nil }
    }()

    /// The flags that make the package's modules importable, or why they cannot be had.
    static let importFlags: Result<[String], SampleError> = {
        let products = Paths.products
        let supportMap = products + "/CLuaSupport.build/module.modulemap"
        guard access(products + "/Modules/TheoluaRuntime.swiftmodule", R_OK) == 0, access(supportMap, R_OK) == 0
        else {
            return .failure(SampleError("no built TheoluaRuntime module in \(products): run `swift build` first"))
        }
        let lua = runProcess("pkg-config", ["--cflags", "lua5.4"])
        guard lua.status == 0 else {
            return .failure(SampleError("`pkg-config --cflags lua5.4` failed (\(lua.status)): \(lua.stderr)"))
        }
        let cmark = runProcess("pkg-config", ["--cflags", "libcmark-gfm"])
        guard cmark.status == 0 else {
            return .failure(SampleError("`pkg-config --cflags libcmark-gfm` failed (\(cmark.status)): \(cmark.stderr)"))
        }
        return .success(
            [
                "-I", products + "/Modules",
                "-Xcc", "-fmodule-map-file=" + supportMap,
                "-Xcc", "-I", "-Xcc", Paths.package + "/Sources/CLuaSupport/include",
                "-Xcc", "-fmodule-map-file=" + products + "/CTheoluaSystem.build/module.modulemap",
                "-Xcc", "-I", "-Xcc", Paths.package + "/Sources/CTheoluaSystem/include",
                "-Xcc", "-fmodule-map-file=" + products + "/CTheoluaMarkdown.build/module.modulemap",
                "-Xcc", "-I", "-Xcc", Paths.package + "/Sources/CTheoluaMarkdown/include",
                "-Xcc", "-fmodule-map-file=" + Paths.package + "/Sources/CLua/module.modulemap",
                "-Xcc", "-fmodule-map-file=" + Paths.package + "/Sources/CCmark/module.modulemap",
                "-module-cache-path", products + "/ModuleCache",
            ] + words(of: lua.stdout) + words(of: cmark.stdout))
    }()

    /// The object files and libraries a program that imports TheoluaRuntime links: of a
    /// Swift module, those of the sources it has now (SwiftPM lists them in the build
    /// folder's `sources`; a file moved to another module leaves its old object behind);
    /// of a C module, every object.
    static let linkInputs: Result<[String], SampleError> = {
        var inputs: [String] = []
        for module in linkedModules {
            let folder = Paths.products + "/" + module + ".build"
            guard let directory = opendir(folder) else {
                return .failure(SampleError("no build folder \(folder): run `swift build` first"))
            }
            let current = currentObjects(in: folder)
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                guard name.hasSuffix(".o") else { continue }
                if current?.contains(name) ?? true || name.hasSuffix(".swiftmodule.o") {
                    inputs.append(folder + "/" + name)
                }
            }
            closedir(directory)
        }
        let lua = runProcess("pkg-config", ["--libs", "lua5.4", "libcmark-gfm"])
        guard lua.status == 0 else {
            return .failure(
                SampleError("`pkg-config --libs lua5.4 libcmark-gfm` failed (\(lua.status)): \(lua.stderr)"))
        }
        return .success(inputs + words(of: lua.stdout))
    }()

    /// The names of the objects of the sources a Swift module's build `folder` lists
    /// (`App.swift` → `App.swift.o`), or nil when it lists none (a C module).
    private static func currentObjects(in folder: String) -> Set<String>? {
        guard let file = fopen(folder + "/sources", "r") else { return nil }
        defer { fclose(file) }
        var names: Set<String> = []
        var line: UnsafeMutablePointer<CChar>? = nil
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0, let line {
            var path = String(cString: line)
            if path.hasSuffix("\n") { path.removeLast() }
            names.insert((path.split(separator: "/").last.map(String.init) ?? path) + ".o")
        }
        return names
    }

    /// The flags `pkg-config` printed, split at white space.
    private static func words(of output: String) -> [String] {
        output.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map(String.init)
    }

    /// Type-checks `source` as a program's main file. Returns the compiler's messages
    /// on failure, with the sample's lines given as lines of the document.
    static func typecheck(_ source: String, from block: FencedBlock) -> Result<Void, SampleError> {
        let folder = ScriptFolder()
        defer { Files.removeTree(folder.path) }
        let file = folder.write("main.swift", source)
        return importFlags.flatMap { flags in
            compile(["-typecheck"] + flags + [file], file: file, block: block)
        }
    }

    /// Builds `source` as a program, runs it with the scratch folder as its TMPDIR, and
    /// returns what it printed.
    static func run(_ source: String, from block: FencedBlock) -> Result<ProcessResult, SampleError> {
        let folder = ScriptFolder()
        defer { Files.removeTree(folder.path) }
        let file = folder.write("main.swift", source)
        let binary = folder.path + "/sample"
        return importFlags.flatMap { flags in
            linkInputs.flatMap { inputs in
                compile(flags + [file] + inputs + ["-o", binary], file: file, block: block)
            }
        }.map {
            // Its temporary files (NSTemporaryDirectory()) go in the scratch folder, so
            // that runs side by side do not share them.
            runProcess(binary, [], adding: ["TMPDIR=" + folder.path + "/"], timeout: 60)
        }
    }

    /// Runs `swiftc ARGUMENTS`; on failure, its messages with `file`'s lines renamed.
    private static func compile(_ arguments: [String], file: String, block: FencedBlock) -> Result<Void, SampleError> {
        let result = runProcess("swiftc", arguments, timeout: 300)
        guard result.status != 0 else { return .success(()) }
        // The sample's line N is the document's line block.line + N.
        var messages = ""
        for line in (result.stderr + result.stdout).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(file + ":"),
                let number = Int(line.dropFirst(file.count + 1).prefix { $0.isNumber })
            {
                messages += "\(block.file):\(block.line + number)" + line.dropFirst(file.count + 1).drop { $0.isNumber }
            } else {
                messages += line
            }
            messages += "\n"
        }
        return .failure(SampleError("swiftc failed (status \(result.status)):\n" + messages))
    }
}

/// Why a sample could not be compiled or run.
struct SampleError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
