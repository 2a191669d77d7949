import CTheoluaSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program given the terminal until it exits (`ui.exec`): an editor, a pager, ssh.
///
/// It runs as a shell runs a foreground job. Where the terminal is the controlling one
/// and theolua's group holds it, the program gets a process group of its own and the
/// terminal's foreground, so ctrl+c and ctrl+z reach it alone; its ctrl+z stops theolua
/// with it, as a job (the shell's `fg` brings both back), and the terminal returns to
/// theolua's group when it exits. Otherwise it runs in theolua's group. Either way the
/// caller has given the terminal up first (cooked mode, the main screen; see
/// `TerminalSession.lend`), and blocks here meanwhile: nothing else runs while the
/// program has the terminal, as in every peer.
public enum ForegroundProgram {
    /// What to start: as ``Subprocess``, but on the terminal's descriptors.
    public struct Launch: Sendable {
        /// The file to run (resolved by the run permission's gate).
        public var executable: String
        /// Its `argv[0]`.
        public var name: String
        public var arguments: [String]
        /// `NAME=value` entries.
        public var environment: [String]
        /// Where it starts.
        public var folder: String

        public init(executable: String, name: String, arguments: [String], environment: [String], folder: String) {
            self.executable = executable
            self.name = name
            self.arguments = arguments
            self.environment = environment
            self.folder = folder
        }
    }

    /// How long a program that was hung up on may take to exit before it is killed.
    static let hangupGrace = Duration.seconds(2)
    /// How often the wait looks for a stop or an end request where no pidfd wakes it.
    static let pollInterval: Int32 = 50

    /// Starts `launch` on the terminal whose descriptors are `input` and `output` (nil:
    /// the standard streams) and waits for it to end. `stop` stops theolua as a shell's
    /// ctrl+z would, returning once it is continued (for the program's own ctrl+z);
    /// `endRequested` says whether theolua was asked to end meanwhile (the program is
    /// then hung up on, as a closing terminal would).
    ///
    /// - Throws: ``Subprocess/Failure`` when it cannot be started.
    public static func run(
        _ launch: Launch, input: Int32?, output: Int32?, stop: () -> Void, endRequested: () -> Bool
    ) throws(Subprocess.Failure) -> Subprocess.Termination {
        let input = input ?? STDIN_FILENO
        let output = output ?? STDOUT_FILENO
        // Job control only where the terminal is ours to hand over: our controlling
        // terminal, with our group in its foreground.
        let controlling = tcgetpgrp(input) == getpgrp()
        let child = try Subprocess.start(
            executable: launch.executable, name: launch.name, arguments: launch.arguments,
            environment: Subprocess.unmarked(launch.environment), folder: launch.folder,
            streams: (input, output, output), ownGroup: controlling)
        theolua_children_add(child)
        defer { theolua_children_remove(child) }
        if controlling { handForeground(of: input, to: child) }
        defer { if controlling { handForeground(of: input, to: getpgrp()) } }

        let exit = theolua_pidfd_open(child)
        defer { if exit >= 0 { close(exit) } }
        var hungUpAt: ContinuousClock.Instant?
        while true {
            var status: Int32 = 0
            let result = waitpid(child, &status, WUNTRACED | WNOHANG)
            if result < 0 && errno != EINTR { return Subprocess.Termination(code: nil, signal: nil) }
            if result == child {
                if let ended = termination(status) { return ended }
                // Stopped: SIGTTIN or SIGTTOU before it had the foreground, or ctrl+z.
                let signal = (status >> 8) & 0xff
                if controlling && signal != SIGTTIN && signal != SIGTTOU {
                    handForeground(of: input, to: getpgrp())
                    stop()
                    handForeground(of: input, to: child)
                }
                kill(controlling ? -child : child, SIGCONT)
                continue
            }
            if let hungUpAt {
                if ContinuousClock.now - hungUpAt > hangupGrace { kill(controlling ? -child : child, SIGKILL) }
            } else if endRequested() {
                hungUpAt = .now
                for signal in [SIGHUP, SIGCONT] { kill(controlling ? -child : child, signal) }
            }
            var entry = pollfd(fd: exit, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, exit >= 0 ? 1 : 0, pollInterval)
        }
    }

    /// The exit code or signal in a `waitpid` status, nil for a stop.
    private static func termination(_ status: Int32) -> Subprocess.Termination? {
        if status & 0x7f == 0 { return Subprocess.Termination(code: (status >> 8) & 0xff, signal: nil) }
        if status & 0xff == 0x7f { return nil }
        return Subprocess.Termination(code: nil, signal: status & 0x7f)
    }

    /// Gives the terminal's foreground to `group`, with SIGTTOU held: taking it back
    /// from a background group raises it otherwise.
    private static func handForeground(of terminal: Int32, to group: pid_t) {
        var held = sigset_t()
        sigemptyset(&held)
        sigaddset(&held, SIGTTOU)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &held, &previous)
        while tcsetpgrp(terminal, group) != 0 && errno == EINTR {}
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }
}
