import CTheoluaSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process started without a shell, its standard streams on non-blocking pipes
/// read by an ``IOReactor`` on the caller's thread.
///
/// Why not swift-subprocess: it reads through Swift concurrency (async sequences on
/// threads of its own), while theolua's run loop is single-threaded and sleeps in one
/// poll(2); here a process is three descriptors and a pidfd in that same poll, with no
/// threads, locks or hops back to the loop.
///
/// The child runs in a process group of its own, with default signal handling and an
/// empty signal mask whatever the parent set, and carries its job's mark (see
/// ``ProcessJobs``), so that ending it ends what it started too. Its exit is reported
/// after all its output: once both pipes reached their end (or a short while after it
/// exited, if something it started holds them).
public final class Subprocess: IOSource {
    /// Which stream output came from.
    public enum Stream: Sendable {
        case stdout, stderr
    }

    /// How a process ended: its exit code, or the signal that ended it.
    public struct Termination: Sendable, Equatable {
        public var code: Int32?
        public var signal: Int32?

        public init(code: Int32?, signal: Int32?) {
            self.code = code
            self.signal = signal
        }
    }

    /// What could not be started.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The process id.
    public let pid: pid_t

    /// Ends every process scripts started and what they started (SIGTERM, SIGKILL a
    /// moment later); safe in a signal handler. For a host's crash path
    /// (``TerminalSignals/onFatalSignal``), so that no child outlives a process that
    /// dies of a signal.
    public static let terminateAllFromSignalHandler: @convention(c) () -> Void = theolua_children_terminate
    /// Receives output as it is read.
    public var onOutput: (Stream, ArraySlice<UInt8>) -> Void = { _, _ in }
    /// Receives the process's end, once, after all its output.
    public var onExit: (Termination) -> Void = { _ in }
    /// How it ended, once known.
    public private(set) var termination: Termination?

    private var output: Int32
    private var errors: Int32
    private var input: Int32
    private var exitDescriptor: Int32
    /// Input written but not yet taken by the process, from `pendingOffset` on.
    private var pendingInput: [UInt8] = []
    private var pendingOffset = 0
    private var closeInputWhenWritten = false
    private var reported = false
    /// The environment entry that marks its job, if it has one.
    private let marker: String?
    /// When to look again for the exit.
    private var alarm: ContinuousClock.Instant?
    /// When an ending escalates to SIGKILL of the whole job.
    private var killAt: ContinuousClock.Instant?
    private var exitedAt: ContinuousClock.Instant?

    /// How long output may still arrive after the process exited (something it started
    /// may hold the pipes).
    static let drainTime = Duration.milliseconds(200)
    /// How often the exit is looked for where there is no pidfd.
    static let exitPoll = Duration.milliseconds(20)

    /// Starts `executable` (a path) as `name` (its `argv[0]`; by default the path's last
    /// name) with `arguments` (not counting the program name), `environment`
    /// (`NAME=value` entries) and working folder `folder`, in the job of `jobs` when given.
    public init(
        executable: String, name: String? = nil, arguments: [String], environment: [String], folder: String?,
        jobs: ProcessJobs? = nil
    ) throws(Failure) {
        let marker = jobs?.nextMarker()
        self.marker = marker
        var pipes: [[Int32]] = []
        for _ in 0..<3 {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else {
                for pair in pipes { for end in pair { close(end) } }
                throw Failure(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
            }
            pipes.append(ends)
        }
        // The parent's ends: close-on-exec, non-blocking.
        for end in [pipes[0][1], pipes[1][0], pipes[2][0]] {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        #if canImport(Darwin)
            _ = fcntl(pipes[0][1], F_SETNOSIGPIPE, 1)
        #endif
        defer { for end in [pipes[0][0], pipes[1][1], pipes[2][1]] { close(end) } }

        let programName = name.flatMap { $0.split(separator: "/").last.map(String.init) }
        let child: pid_t
        do {
            child = try Self.start(
                executable: executable, name: programName ?? Paths.name(of: executable), arguments: arguments,
                environment: Self.unmarked(environment) + (marker.map { [$0] } ?? []), folder: folder,
                streams: (pipes[0][0], pipes[1][1], pipes[2][1]), ownGroup: true)
        } catch {
            for end in [pipes[0][1], pipes[1][0], pipes[2][0]] { close(end) }
            throw error
        }
        pid = child
        theolua_children_add(child)
        input = pipes[0][1]
        output = pipes[1][0]
        errors = pipes[2][0]
        exitDescriptor = theolua_pidfd_open(child)
        if exitDescriptor < 0 { alarm = .now + Self.exitPoll }
    }

    /// Starts `executable` as `name` with `streams` as its standard input, output and
    /// error, in `folder`, with default signal handling and an empty signal mask
    /// whatever the parent set, in a process group of its own when `ownGroup`.
    static func start(
        executable: String, name: String, arguments: [String], environment: [String], folder: String?,
        streams: (input: Int32, output: Int32, error: Int32), ownGroup: Bool
    ) throws(Failure) -> pid_t {
        #if canImport(Glibc)
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #else
            var actions: posix_spawn_file_actions_t? = nil
            var attributes: posix_spawnattr_t? = nil
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_adddup2(&actions, streams.input, 0)
        posix_spawn_file_actions_adddup2(&actions, streams.output, 1)
        posix_spawn_file_actions_adddup2(&actions, streams.error, 2)
        if let folder { theolua_spawn_addchdir(&actions, folder) }
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        var noSignal = sigset_t()
        sigemptyset(&noSignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setsigmask(&attributes, &noSignal)
        var flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
        if ownGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = ([name] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard status == 0 else {
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        return child
    }

    /// `environment` without a job's mark: a process carries only the one it is given.
    static func unmarked(_ environment: [String]) -> [String] {
        let variable = ProcessJobs.variable + "="
        return environment.filter { !$0.hasPrefix(variable) }
    }

    deinit {
        for descriptor in [input, output, errors, exitDescriptor] where descriptor >= 0 { close(descriptor) }
        if termination == nil {
            // Nobody will wait for it: end it, and let init reap it.
            kill(-pid, SIGKILL)
        }
    }

    // MARK: Input

    /// The most input held for a process that has not read it yet: a script writing
    /// faster than the process reads is told, instead of filling memory.
    public static let inputLimit = 64 << 20

    /// Bytes written and not yet taken by the process.
    public var pendingInputCount: Int { pendingInput.count - pendingOffset }

    /// Writes `bytes` to the process's standard input (buffered while the pipe is full).
    /// Returns false, writing nothing, when that would hold more than ``inputLimit``
    /// bytes the process has not read.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        guard input >= 0, !closeInputWhenWritten else { return true }
        guard pendingInputCount + bytes.count <= Self.inputLimit else { return false }
        pendingInput += bytes
        flushInput()
        return true
    }

    /// Closes standard input once what was written has gone.
    public func closeInput() {
        closeInputWhenWritten = true
        flushInput()
    }

    /// Whether standard input is still open for writing.
    public var acceptsInput: Bool { input >= 0 && !closeInputWhenWritten }

    private func flushInput() {
        guard input >= 0 else { return }
        // A process that has closed its input makes the write fail with EPIPE and
        // raise SIGPIPE, which would end theolua: hold the signal while writing.
        let held = SignalHold(SIGPIPE)
        defer { held.release() }
        while pendingOffset < pendingInput.count {
            let written = pendingInput.withUnsafeBytes { buffer in
                systemWrite(input, buffer.baseAddress.map { $0 + pendingOffset }, buffer.count - pendingOffset)
            }
            if written > 0 {
                pendingOffset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                // The reactor tries again at its next service; what was taken goes
                // once it is most of the buffer, so that taking costs what it took.
                if pendingOffset > pendingInput.count / 2 {
                    pendingInput.removeFirst(pendingOffset)
                    pendingOffset = 0
                }
                return
            } else {
                break  // the process closed its input
            }
        }
        pendingInput = []
        pendingOffset = 0
        if closeInputWhenWritten {
            close(input)
            input = -1
        }
    }

    // MARK: Ending

    /// Whether the process has not been seen to exit.
    public var isRunning: Bool { termination == nil }

    /// Sends `signal` to the process and what it started.
    public func signal(_ signal: Int32) {
        guard termination == nil else { return }
        kill(-pid, signal)
    }

    /// Ends the process and its job: SIGTERM to all of it now, SIGKILL to what is left
    /// after `grace`, even when the process itself has exited and only what it started
    /// is left. Its exit is still reported; it stays with the reactor until the grace
    /// has passed.
    public func end(grace: Duration) {
        guard killAt == nil, !jobEnded else { return }
        let reached = ProcessJobs.signal(SIGTERM, groups: isRunning ? [pid] : [], marker: marker, prefix: false)
        if reached > 0 {
            killAt = .now + grace
        } else {
            jobEnded = true
        }
    }

    /// Whether ``end(grace:)`` has finished with the job.
    private var jobEnded = false

    /// Reaps those of `processes` that have exited (all of them, waiting, when
    /// `waiting`: they were sent SIGKILL), reporting them ended without output.
    static func reapEnded(_ processes: [Subprocess], waiting: Bool = false) {
        for process in processes where process.termination == nil {
            if waiting {
                var status: Int32 = 0
                while waitpid(process.pid, &status, 0) < 0 && errno == EINTR {}
                theolua_children_remove(process.pid)
                process.termination = Termination(code: nil, signal: SIGKILL)
            } else {
                process.reap()
            }
        }
        if waiting {
            for process in processes { process.reported = true }
        }
    }

    // MARK: IOSource

    public var descriptors: [Int32] { [output, errors, exitDescriptor].filter { $0 >= 0 } }

    public var deadline: ContinuousClock.Instant? {
        if reported { return killAt }
        if pendingInputCount > 0 { return .now + .milliseconds(10) }
        return [alarm, killAt, exitedAt.map { $0 + Self.drainTime }].compactMap { $0 }.min()
    }

    public var isFinished: Bool { reported && killAt == nil }

    public func service(now: ContinuousClock.Instant, budget: Int) {
        if let killAt, now >= killAt {
            // What the job still holds after the grace, the process itself or not.
            ProcessJobs.signal(SIGKILL, groups: termination == nil ? [pid] : [], marker: marker, prefix: false)
            self.killAt = nil
            jobEnded = true
        }
        flushInput()
        drain(&output, .stdout, budget: budget)
        drain(&errors, .stderr, budget: budget)
        if termination == nil {
            reap()
            if termination == nil, exitDescriptor < 0 { alarm = now + Self.exitPoll }
        }
        guard let termination, !reported else { return }
        let drained = output < 0 && errors < 0
        if drained || now >= (exitedAt ?? now) + Self.drainTime {
            for descriptor in [output, errors] where descriptor >= 0 { close(descriptor) }
            output = -1
            errors = -1
            reported = true
            if input >= 0 {
                close(input)
                input = -1
            }
            onExit(termination)
        }
    }

    /// Reads what `descriptor` has, up to `budget` bytes; closes it at its end.
    private func drain(_ descriptor: inout Int32, _ stream: Stream, budget: Int) {
        guard descriptor >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var total = 0
        while total < budget {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                total += count
                onOutput(stream, buffer[0..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                return
            } else {
                close(descriptor)
                descriptor = -1
                return
            }
        }
    }

    /// Collects the exit status if the process has exited.
    private func reap() {
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &status, WNOHANG) } while result < 0 && errno == EINTR
        guard result == pid || (result < 0 && errno == ECHILD) else { return }
        if result < 0 {
            termination = Termination(code: nil, signal: nil)
        } else if status & 0x7f == 0 {
            termination = Termination(code: (status >> 8) & 0xff, signal: nil)
        } else {
            termination = Termination(code: nil, signal: status & 0x7f)
        }
        theolua_children_remove(pid)
        exitedAt = .now
        alarm = nil
        if exitDescriptor >= 0 {
            close(exitDescriptor)
            exitDescriptor = -1
        }
    }
}

/// A signal blocked on this thread until ``release()``, which discards one the thread
/// raised meanwhile (on Linux; Darwin's pipes are made not to raise it instead).
private struct SignalHold {
    private let number: Int32
    private var previous = sigset_t()

    init(_ number: Int32) {
        self.number = number
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, number)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
    }

    func release() {
        var previous = previous
        #if os(Linux)
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, number) == 1 && sigismember(&previous, number) == 0 {
                var only = sigset_t()
                sigemptyset(&only)
                sigaddset(&only, number)
                var now = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&only, nil, &now)
            }
        #endif
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }
}
