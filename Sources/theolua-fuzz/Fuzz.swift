import TheoluaFuzz

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The fuzzer's entry, and a replay tool: built by `scripts/fuzz` with
// `-sanitize=fuzzer` and `-D FUZZING`, `main` hands over to libFuzzer's driver, which
// calls `LLVMFuzzerTestOneInput` with each input; built plainly, `main` runs the target
// on the files named on the command line. The target is `THEOLUA_FUZZ_TARGET`.

/// The target this process runs, from `THEOLUA_FUZZ_TARGET`.
nonisolated(unsafe) private var selected: FuzzTarget? = {
    guard let name = getenv("THEOLUA_FUZZ_TARGET") else { return nil }
    return FuzzTarget(rawValue: String(cString: name))
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let target = selected else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        report("theolua-fuzz: set THEOLUA_FUZZ_TARGET to one of \(names)\n")
        exit(2)
    }
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let failure = target.run(bytes) {
        report("theolua-fuzz: \(target.rawValue): \(failure)\n")
        abort()
    }
    return 0
}

/// Writes `text` to standard error.
private func report(_ text: String) {
    var bytes = Array(text.utf8)
    _ = write(2, &bytes, bytes.count)
}

#if FUZZING
    /// libFuzzer's driver: parses its flags and calls `callback` with each input.
    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    @main
    struct Fuzz {
        static func main() {
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(runFuzzerDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
        }
    }
#else
    @main
    struct Replay {
        static func main() {
            guard let target = selected else {
                let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
                report("theolua-fuzz: set THEOLUA_FUZZ_TARGET to one of \(names)\n")
                exit(2)
            }
            var failed = false
            for path in CommandLine.arguments.dropFirst() {
                guard let file = fopen(path, "rb") else { continue }
                var bytes: [UInt8] = []
                var chunk = [UInt8](repeating: 0, count: 65536)
                while true {
                    let count = fread(&chunk, 1, chunk.count, file)
                    bytes += chunk[0..<count]
                    if count < chunk.count { break }
                }
                fclose(file)
                if let failure = target.run(bytes) {
                    print("\(path): \(failure)")
                    failed = true
                }
            }
            exit(failed ? 1 : 0)
        }
    }
#endif
