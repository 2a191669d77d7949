#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the package and its built `theolua` binary are.
enum Paths {
    /// The package's root folder.
    static let package: String = {
        var path = #filePath
        for _ in 0..<4 {
            guard let slash = path.lastIndex(of: "/") else { break }
            path = String(path[..<slash])
        }
        return path
    }()

    /// The built binary: `THEOLUA_BINARY`, or `theolua` among the built products.
    static var binary: String {
        if let override = getenv("THEOLUA_BINARY") { return String(cString: override) }
        return products + "/theolua"
    }

    /// The folder of the build these tests belong to, which holds the `theolua` and
    /// example binaries built with them: the test executable's own folder when it has a
    /// `theolua` beside it (so a sanitized build in `.build-address` runs its own
    /// sanitized binaries), else `.build/debug`.
    static let products: String = {
        #if os(Linux)
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            if count > 0 {
                let executable = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if let slash = executable.lastIndex(of: "/") {
                    let folder = String(executable[..<slash])
                    if access(folder + "/theolua", X_OK) == 0 { return folder }
                }
            }
        #endif
        return package + "/.build/debug"
    }()
}

/// Whether this build runs under a sanitizer that instruments memory (ASan or TSan),
/// found by the runtime's entry point: the processes the tests start are instrumented
/// too, and their allocators hold every block in redzones and every freed block in a
/// quarantine (256 MiB by default), so their peak memory is not what users get.
enum Sanitizer {
    static let instrumentsMemory: Bool = ["__asan_init", "__tsan_init"].contains { name in
        #if canImport(Darwin)
            let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
            let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #endif
        return dlsym(everywhere, name) != nil
    }

    /// The most memory an instrumented process may have resident for `kilobytes` of an
    /// uninstrumented one: three times as much (redzones and shadow memory), plus the
    /// quarantine.
    static func allowance(for kilobytes: Int) -> Int {
        instrumentsMemory ? 3 * kilobytes + 256 * 1024 : kilobytes
    }

    /// How long to wait, under instrumentation, for what takes `seconds` at most
    /// otherwise: four times as long. An instrumented process is several times slower,
    /// and the suite runs many of them at once (a hostile case may hold 600 MiB for a
    /// quarter of a minute), so one may wait long for the processor.
    static func time(_ seconds: Double) -> Double {
        instrumentsMemory ? 4 * seconds : seconds
    }
}

/// What a finished process printed and how it ended.
struct ProcessResult {
    var status: Int32
    var stdout: String
    var stderr: String
    /// The most memory the process had resident at once, in KiB.
    var peakKilobytes = 0
    /// Whether a signal ended it (its status is then 128 + the signal).
    var signalled = false
    /// Whether it was killed for running past its time.
    var timedOut = false
}

/// Runs `theolua` with `arguments` and collects its output (no terminal attached).
func runTheolua(_ arguments: [String], input: String = "/dev/null", timeout: Double = 20) -> ProcessResult {
    runProcess(Paths.binary, rawArguments: arguments.map { Array($0.utf8) }, input: input, timeout: timeout)
}

/// Runs `executable` with `arguments`, standard input closed, and waits for it. A
/// process still running after `timeout` seconds is killed (status 128 + 9), so a hang
/// fails one test instead of stalling the suite.
func runProcess(_ executable: String, _ arguments: [String], timeout: Double = 20) -> ProcessResult {
    runProcess(executable, rawArguments: arguments.map { Array($0.utf8) }, timeout: timeout)
}

/// Runs `executable` as `runProcess(_:_:timeout:)` does, with `variables`
/// (`NAME=value`) added to its environment, replacing those of the same names.
func runProcess(
    _ executable: String, _ arguments: [String], adding variables: [String], timeout: Double = 20
) -> ProcessResult {
    let names = Set(variables.map { $0.prefix { $0 != "=" } + "=" })
    var environment: [String] = []
    var entry = environ
    while let variable = entry.pointee {
        let text = String(cString: variable)
        if !names.contains(where: { text.hasPrefix($0) }) { environment.append(text) }
        entry += 1
    }
    return runProcess(
        executable, rawArguments: arguments.map { Array($0.utf8) }, timeout: timeout,
        environment: environment + variables)
}

/// Runs `executable` with arguments given as bytes, which need not be UTF-8, and the
/// file at `input` as its standard input.
func runProcess(
    _ executable: String, rawArguments: [[UInt8]], input: String = "/dev/null", timeout: Double = 20,
    environment: [String]? = nil
) -> ProcessResult {
    let timeout = Sanitizer.time(timeout)
    var outPipe: [Int32] = [0, 0]
    var errPipe: [Int32] = [0, 0]
    guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else {
        return ProcessResult(status: -1, stdout: "", stderr: "pipe failed")
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
    posix_spawn_file_actions_addclose(&actions, outPipe[0])
    posix_spawn_file_actions_addclose(&actions, errPipe[0])
    let argv: [UnsafeMutablePointer<CChar>?] =
        ([Array(executable.utf8)] + rawArguments).map { bytes in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            return copy
        } + [nil]
    defer { for pointer in argv { pointer?.deallocate() } }
    var pid: pid_t = 0
    let spawned: Int32
    if let environment {
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for pointer in envp { free(pointer) } }
        spawned = posix_spawnp(&pid, executable, &actions, nil, argv, envp)
    } else {
        spawned = posix_spawnp(&pid, executable, &actions, nil, argv, environ)
    }
    close(outPipe[1])
    close(errPipe[1])
    guard spawned == 0 else {
        close(outPipe[0])
        close(errPipe[0])
        return ProcessResult(status: -1, stdout: "", stderr: "spawn failed: \(spawned)")
    }
    var watched = PeakWatch(pid: pid)
    let (out, err, timedOut) = readBoth(outPipe[0], errPipe[0], until: Deadline(seconds: timeout), watching: &watched)
    if timedOut { kill(pid, SIGKILL) }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let signalled = (status & 0x7f) != 0
    let code: Int32 = signalled ? 128 + (status & 0x7f) : (status >> 8) & 0xff
    #if canImport(Darwin)
        let peak = Int(usage.ru_maxrss) / 1024  // bytes on Darwin
    #else
        // Not ru_maxrss: Linux keeps the spawning process's high-water mark across the
        // exec (the child starts as a copy of this test process, which is large under a
        // sanitizer), so it is never less than ours. The child's own high-water mark,
        // read every 20 ms while it ran, misses at most its last 20 ms.
        let peak = watched.peakKilobytes
    #endif
    return ProcessResult(
        status: code, stdout: out, stderr: err, peakKilobytes: peak, signalled: signalled, timedOut: timedOut)
}

/// The resident high-water mark of a running child, read from /proc every few
/// milliseconds while its output is read (Linux).
struct PeakWatch {
    let pid: pid_t
    /// The largest VmHWM read, in KiB.
    var peakKilobytes = 0

    mutating func sample() {
        if let kilobytes = PeakWatch.highWaterMark(of: "\(pid)") { peakKilobytes = max(peakKilobytes, kilobytes) }
    }

    /// VmHWM from /proc/<process>/status, in KiB; nil while the process is still this
    /// one's copy.
    ///
    /// posix_spawn returns once the child has begun its exec, and Linux lets the
    /// parent go on before the child's new memory is in place: for a moment the child
    /// still shows this process's memory (gigabytes under a sanitizer). Its name
    /// changes only after its memory has, so a sample counts only once the name differs
    /// from ours.
    static func highWaterMark(of process: String) -> Int? {
        guard let lines = statusText(of: process)?.split(separator: "\n"),
            let name = lines.first(where: { $0.hasPrefix("Name:") }), value(name) != ownName,
            let line = lines.first(where: { $0.hasPrefix("VmHWM:") })
        else { return nil }
        return Int(value(line).prefix(while: { $0 != " " }))
    }

    private static let ownName: Substring = {
        let lines = statusText(of: "self")?.split(separator: "\n") ?? []
        return value(lines.first(where: { $0.hasPrefix("Name:") }) ?? "")
    }()

    /// The value of a `Key:\tvalue` line.
    private static func value(_ line: Substring) -> Substring {
        line.drop(while: { $0 != ":" }).dropFirst().drop(while: { $0 == " " || $0 == "\t" })
    }

    private static func statusText(of process: String) -> String? {
        let descriptor = open("/proc/\(process)/status", O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = read(descriptor, &bytes, bytes.count)
        guard count > 0 else { return nil }
        return String(decoding: bytes[0..<count], as: UTF8.self)
    }
}

/// Reads two pipes to their ends without deadlocking on either; gives up at `deadline`
/// (then the third value is true). Meanwhile notes the child's memory in `watch`.
private func readBoth(
    _ first: Int32, _ second: Int32, until deadline: Deadline, watching watch: inout PeakWatch
) -> (String, String, Bool) {
    var buffers: [[UInt8]] = [[], []]
    var fds = [
        pollfd(fd: first, events: Int16(POLLIN), revents: 0), pollfd(fd: second, events: Int16(POLLIN), revents: 0),
    ]
    var open = [true, true]
    var chunk = [UInt8](repeating: 0, count: 65536)
    var timedOut = false
    while open.contains(true) {
        for index in 0..<2 { fds[index].fd = open[index] ? (index == 0 ? first : second) : -1 }
        watch.sample()
        let remaining = deadline.remainingMilliseconds
        let ready = poll(&fds, 2, min(remaining, 20))
        if ready < 0 && errno == EINTR { continue }
        if ready == 0 && remaining > 20 { continue }
        guard ready > 0 else {
            timedOut = true
            break
        }
        for index in 0..<2 where open[index] && fds[index].revents != 0 {
            let count = read(fds[index].fd, &chunk, chunk.count)
            if count > 0 {
                buffers[index].append(contentsOf: chunk[0..<count])
            } else if count == 0 || errno != EINTR {
                open[index] = false
                close(index == 0 ? first : second)
            }
        }
    }
    for index in 0..<2 where open[index] { close(index == 0 ? first : second) }
    return (String(decoding: buffers[0], as: UTF8.self), String(decoding: buffers[1], as: UTF8.self), timedOut)
}

/// A point in time on the monotonic clock, for bounding waits.
struct Deadline {
    let instant: ContinuousClock.Instant

    init(seconds: Double) {
        instant = .now + .milliseconds(Int64(seconds * 1000))
    }

    var hasPassed: Bool { ContinuousClock.now >= instant }

    /// What is left, in whole milliseconds for `poll` (0 when past).
    var remainingMilliseconds: Int32 {
        let left = instant - .now
        let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
        return Int32(clamping: max(0, milliseconds))
    }
}

/// Whether process `pid` still runs: it exists and is not a zombie waiting for a parent
/// (an orphan's new parent may reap it late).
func processIsRunning(_ pid: pid_t) -> Bool {
    guard kill(pid, 0) == 0 else { return false }
    guard let stat = Files.read("/proc/\(pid)/stat") else { return true }
    // The state follows the command name in parentheses: "123 (sleep) Z ...".
    guard let close = stat.lastIndex(of: ")") else { return true }
    return !stat[close...].dropFirst(2).hasPrefix("Z")
}

/// Waits up to two seconds for process `pid` to stop running; returns whether it did.
func processEnds(_ pid: pid_t) -> Bool {
    for _ in 0..<200 {
        if !processIsRunning(pid) { return true }
        usleep(10_000)
    }
    return false
}
